import { createServer } from 'node:http'
import { gzipSync } from 'node:zlib'
import { createFileDataset, EMBEDDED_DATASET, handleQueryApiRequest } from '@site/content-api'

export interface RunningServer {
  origin: string
  close: () => Promise<void>
}

/**
 * The embedded query API for the client-only variant's browser, answering gzip-compressed like
 * Sanity's hosted API does (the shared server in packages/content-api does not compress).
 */
export async function startCompressedContentApi(seedFile: string, port: number): Promise<RunningServer> {
  const documents = createFileDataset(seedFile)
  const server = createServer(async (req, res) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
      method: req.method,
      headers,
    })
    const response = await handleQueryApiRequest(request, { documents, datasets: [EMBEDDED_DATASET] })
    const body = Buffer.from(await response.arrayBuffer())
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && body.length > 0
    res.writeHead(response.status, {
      ...Object.fromEntries(response.headers),
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
    })
    res.end(gzip ? gzipSync(body) : body)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
