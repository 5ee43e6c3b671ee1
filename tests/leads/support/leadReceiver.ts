import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request as a webhook receiver saw it. */
export interface ReceivedDelivery {
  path: string
  headers: IncomingHttpHeaders
  body: string
  receivedAt: number
}

/** What the receiver answers: a status (with headers), or `reset` to drop the connection. */
export type ReceiverAnswer = { status: number; headers?: Record<string, string> } | 'reset'

/**
 * A real HTTP webhook receiver on a loopback port (a free one unless given). It keeps every request and
 * answers each with `answer(request, index)`: 200 unless told otherwise.
 */
export async function startLeadReceiver(
  answer: (request: ReceivedDelivery, index: number) => ReceiverAnswer = () => ({ status: 200 }),
  port = 0,
) {
  const received: ReceivedDelivery[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const request = {
      path: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      receivedAt: Date.now(),
    }
    received.push(request)
    const reply = answer(request, received.length - 1)
    if (reply === 'reset') return req.socket.destroy()
    res.writeHead(reply.status, reply.headers).end('ok')
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const listening = (server.address() as AddressInfo).port
  return {
    url: (path: string) => `http://127.0.0.1:${listening}${path}`,
    port: listening,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
