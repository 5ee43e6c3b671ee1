import { createServer, type IncomingMessage } from 'node:http'

/** The port the test build's webhook URLs point at (scripts/test-all.sh), moved by `E2E_PORT_OFFSET`. */
export const WEBHOOK_RECORDER_PORT = 4599 + Number(process.env.E2E_PORT_OFFSET ?? 0)
export const RECORDER_ORIGIN = `http://127.0.0.1:${WEBHOOK_RECORDER_PORT}`

export interface RecordedRequest {
  hook: string
  method: string
  contentType: string | undefined
  /** Standard Webhooks' delivery id: set by the lead server's outbox, absent from a browser's direct call. */
  webhookId: string | undefined
  body: string
  receivedAt: string
}

export type Fault = 'status500' | 'reset' | 'hang'

/** A fault armed for the next `times` requests to `hook` (only those whose body contains `match`, when set). */
interface ArmedFault {
  hook: string
  match: string | undefined
  fault: Fault
  times: number
}

/**
 * A local stand-in for the automation webhooks. Tests read what arrived with GET /__recorded?hook=x
 * (and clear it with DELETE /__recorded), and arrange faults with POST /__fault {hook, fault, times, match?}.
 * A fault with `match` hits only requests whose body contains that text (a value unique to one test), so
 * tests of the same webhook can run in parallel; `fault: null` disarms the hook's faults (with `match`,
 * only that one).
 */
export async function startWebhookRecorder(port = WEBHOOK_RECORDER_PORT) {
  const recorded: RecordedRequest[] = []
  let faults: ArmedFault[] = []

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', RECORDER_ORIGIN)
    const body = await readBody(req)
    if (url.pathname === '/__recorded') {
      const hook = url.searchParams.get('hook')
      if (req.method === 'DELETE')
        recorded.splice(0, recorded.length, ...recorded.filter((r) => hook && r.hook !== hook))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(recorded.filter((r) => !hook || r.hook === hook)))
      return
    }
    if (url.pathname === '/__fault' && req.method === 'POST') {
      const { hook, fault, times, match } = JSON.parse(body) as {
        hook: string
        fault: Fault | null
        times?: number
        match?: string
      }
      faults = faults.filter((armed) => armed.hook !== hook || (match !== undefined && armed.match !== match))
      if (fault) faults.push({ hook, match, fault, times: times ?? 1 })
      res.writeHead(204).end()
      return
    }
    const hook = url.pathname.replace(/^\/hooks\//, '')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end()
      return
    }
    const fault = faults.find(
      (armed) => armed.hook === hook && (armed.match === undefined || body.includes(armed.match)),
    )
    if (fault) {
      fault.times -= 1
      if (fault.times <= 0) faults = faults.filter((armed) => armed !== fault)
      if (fault.fault === 'reset') return req.socket.destroy()
      if (fault.fault === 'hang') return // never answers
    }
    recorded.push({
      hook,
      method: req.method ?? '',
      contentType: req.headers['content-type'],
      webhookId: req.headers['webhook-id'] as string | undefined,
      body,
      receivedAt: new Date().toISOString(),
    })
    res.writeHead(fault?.fault === 'status500' ? 500 : 200, { 'access-control-allow-origin': '*' })
    // The recorder keeps failed requests too: a lead the server sends again shows both attempts.
    res.end('ok')
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', done)
  })
  return {
    /** Keeps what arrived some other way (an e-mail), for GET /__recorded?hook=… */
    record: (request: RecordedRequest) => recorded.push(request),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
