import { existsSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EMBEDDED_DATASET } from './config'
import { createFileDataset, type SanityDocument, seedFilePath } from './dataset'
import { handleQueryApiRequest } from './handler'
import { lakeFilesFor } from './lake/persistence'

export interface ContentApiServer {
  /** Origin to give `@sanity/client` as `apiHost`, e.g. `http://127.0.0.1:4321`. */
  origin: string
  seedFile: string
  close: () => Promise<void>
}

/** Serves the seed dataset through Sanity's query API on a local port (0 picks a free one). */
export async function startContentApiServer(
  options: {
    seedFile?: string
    port?: number
    host?: string
    /**
     * Also serves the local Content Lake's drafts file (drafts, content releases and their versions), which the
     * published perspective never shows: for reading the site through a release.
     */
    withLakeDrafts?: boolean
  } = {},
): Promise<ContentApiServer> {
  const seedFile = options.seedFile ?? seedFilePath()
  const documents = options.withLakeDrafts ? withDraftsFile(seedFile) : createFileDataset(seedFile)
  documents() // fail now, with the file's name and line, rather than on the first request
  const server: Server = createServer(async (req, res) => {
    try {
      const response = await handleQueryApiRequest(await toFetchRequest(req), {
        documents,
        datasets: [EMBEDDED_DATASET],
      })
      res.writeHead(response.status, Object.fromEntries(response.headers))
      res.end(Buffer.from(await response.arrayBuffer()))
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { description: (error as Error).message, type: 'internalError' } }))
    }
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, resolve)
  })
  server.unref()
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${host}:${port}`,
    seedFile,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The seed and the lake's drafts file as one dataset, the same array while neither file changed. */
function withDraftsFile(seedFile: string): () => SanityDocument[] {
  const published = createFileDataset(seedFile)
  const draftsFile = lakeFilesFor(seedFile).drafts
  const drafts = createFileDataset(draftsFile)
  const none: SanityDocument[] = []
  let cached: { parts: SanityDocument[][]; documents: SanityDocument[] } | undefined
  return () => {
    const parts = [published(), existsSync(draftsFile) ? drafts() : none]
    if (!cached || parts.some((part, index) => part !== cached?.parts[index]))
      cached = { parts, documents: parts.flat() }
    return cached.documents
  }
}

async function toFetchRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
  }
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  })
}
