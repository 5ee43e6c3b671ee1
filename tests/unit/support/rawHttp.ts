import { connect } from 'node:net'

export interface RawResponse {
  status: number
  /** Each header's values, in the order received (names in lower case). */
  headers: Map<string, string[]>
  header: (name: string) => string | undefined
  body: Buffer
}

/**
 * One HTTP/1.1 request written byte for byte on a socket: the path goes out exactly as given (fetch and
 * node:http would normalise `/a/../b` or be caught by msw), as a careless client or a prober sends it.
 */
export function rawRequest(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(origin)
  const headerLines = Object.entries({ host: `${hostname}:${port}`, connection: 'close', ...options.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks), options.method === 'HEAD'))
      } catch (error) {
        reject(error)
      }
    })
    socket.write(`${options.method ?? 'GET'} ${path} HTTP/1.1\r\n${headerLines}\r\n`)
  })
}

function parseResponse(raw: Buffer, head: boolean): RawResponse {
  const end = raw.indexOf('\r\n\r\n')
  if (end === -1) throw new Error(`no complete response: ${raw.toString('latin1')}`)
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n')
  const headers = new Map<string, string[]>()
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()])
  }
  let body = head ? Buffer.alloc(0) : raw.subarray(end + 4)
  if (headers.get('transfer-encoding')?.includes('chunked')) body = dechunk(body)
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    header: (name) => headers.get(name.toLowerCase())?.join(', '),
    body,
  }
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at)
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) return Buffer.concat(parts)
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}
