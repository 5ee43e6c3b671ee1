import { appendFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { EMBEDDED_DATASET } from '../config'
import { seedFilePath } from '../dataset'
import { MAX_ASSET_BYTES } from './assets'
import { ContentLake, LOCAL_EDITOR_ID } from './contentLake'
import { handleLakeRequest, type LakeApiOptions, MAX_MUTATION_BYTES } from './lakeApi'
import { lakeFilesFor } from './persistence'
import { presenceSockets } from './presence'
import {
  type ReleaseScheduler,
  type ReleaseSchedulerOptions,
  type ScheduledOutcome,
  startReleaseScheduler,
} from './scheduler'
import { deliverWebhooks, type LakeWebhook, type WebhookAttempt } from './webhooks'

export interface ContentLakeServerOptions {
  seedFile?: string
  port?: number
  projectId: string
  dataset?: string
  token: string
  allowedOrigins: string[]
  /** Appends one line per request (time, method, path, status, ms, host) to this file. */
  requestLog?: string
  /** GROQ-powered webhooks the lake sends on each matching create, update and delete (webhooks.ts). */
  webhooks?: LakeWebhook[]
  /** Logs each delivery attempt; the default logs failed ones. */
  onWebhookAttempt?: (attempt: WebhookAttempt) => void
  /** Publishes scheduled releases at their time (scheduler.ts); on unless false. */
  releaseScheduler?: false | Partial<ReleaseSchedulerOptions>
}

export interface ContentLakeServer {
  /** What the Studio's `apiHost` should be: the project id is prepended to the host as `<id>.localhost`. */
  apiHost: string
  port: number
  lake: ContentLake
  /** Undefined when started with `releaseScheduler: false`. */
  scheduler: ReleaseScheduler | undefined
  /** Resolves once no webhook delivery is in flight. */
  webhooksIdle: () => Promise<void>
  close: () => Promise<void>
}

/** The local Content Lake on loopback only (IPv4 and, where the machine has it, IPv6). */
export async function startContentLake(options: ContentLakeServerOptions): Promise<ContentLakeServer> {
  const lake = new ContentLake(lakeFilesFor(options.seedFile ?? seedFilePath()))
  const apiOptions: LakeApiOptions = {
    lake,
    projectId: options.projectId,
    dataset: options.dataset ?? EMBEDDED_DATASET,
    token: options.token,
    allowedOrigins: options.allowedOrigins,
  }
  const webhooks = deliverWebhooks(lake, options.webhooks ?? [], {
    projectId: options.projectId,
    dataset: apiOptions.dataset,
    onAttempt: options.onWebhookAttempt ?? logFailedAttempt,
  })
  const scheduler =
    options.releaseScheduler === false
      ? undefined
      : startReleaseScheduler(lake, {
          lockFile: join(dirname(lake.files.published), '.lake', 'release-scheduler.lock'),
          onOutcome: logOutcome,
          ...options.releaseScheduler,
        })
  const handle = (req: IncomingMessage, res: ServerResponse) => serve(req, res, apiOptions, options.requestLog)
  const presence = presenceSockets({ ...apiOptions, userId: LOCAL_EDITOR_ID })
  const withPresence = (server: Server) => server.on('upgrade', presence.upgrade)
  const ipv4 = await listen(withPresence(createServer(handle)), options.port ?? 0, '127.0.0.1')
  const { port } = ipv4.address() as AddressInfo
  const ipv6 = await listen(withPresence(createServer(handle)), port, '::1').catch(() => undefined)
  const servers = [ipv4, ...(ipv6 ? [ipv6] : [])]
  return {
    apiHost: `http://localhost:${port}`,
    port,
    lake,
    scheduler,
    webhooksIdle: () => webhooks.whenIdle(),
    close: async () => {
      scheduler?.stop()
      webhooks.close()
      presence.close()
      for (const server of servers) {
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      }
    },
  }
}

function logOutcome(outcome: ScheduledOutcome): void {
  if (outcome.status === 'published') {
    console.log(`[release ${outcome.releaseId}] published at ${new Date().toISOString()} (due ${outcome.publishAt})`)
  } else {
    console.error(`[release ${outcome.releaseId}] ${outcome.message}`)
  }
}

function logFailedAttempt({ webhookId, documentId, attempt, status, willRetry }: WebhookAttempt): void {
  if (status >= 200 && status < 300) return
  const outcome = willRetry ? 'retrying in 30 s' : 'given up'
  console.error(`[webhook ${webhookId}] ${documentId}: attempt ${attempt} answered ${status || 'nothing'}, ${outcome}`)
}

function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}

async function serve(req: IncomingMessage, res: ServerResponse, options: LakeApiOptions, requestLog?: string) {
  const started = performance.now()
  const abort = new AbortController()
  res.on('close', () => abort.abort())
  let status = 500
  try {
    const response = await handleLakeRequest(await toFetchRequest(req, abort.signal), options)
    status = response.status
    res.writeHead(response.status, Object.fromEntries(response.headers))
    if (response.body) Readable.fromWeb(response.body as NodeReadableStream).pipe(res)
    else res.end()
  } catch (error) {
    console.error(error)
    res.writeHead(500, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({ error: { description: (error as Error).message, type: 'internalError' }, statusCode: 500 }),
    )
  } finally {
    if (requestLog) {
      const ms = Math.round(performance.now() - started)
      // The host last: each Studio tab calls the lake under a name of its own (apps/studio/lakeHost.ts).
      const line = `${new Date().toISOString()} ${req.method} ${req.url} ${status} ${ms}ms ${req.headers.host ?? '-'}`
      appendFileSync(requestLog, `${line}\n`)
    }
  }
}

async function toFetchRequest(req: IncomingMessage, signal: AbortSignal): Promise<Request> {
  // Only uploads may be large; every other body is a mutation, an action or a query (4 MB on Sanity).
  const limit = /\/assets\/(images|files)\//.test(req.url ?? '') ? MAX_ASSET_BYTES : MAX_MUTATION_BYTES
  const chunks: Buffer[] = []
  let size = Number(req.headers['content-length'] ?? 0)
  // A body over the limit is not kept in memory: the handler answers 413 from its content-length.
  if (size <= limit) {
    size = 0
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size <= limit) chunks.push(chunk as Buffer)
    }
  }
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
  }
  const tooLarge = size > limit
  if (tooLarge) headers.set('content-length', String(size))
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0 && !tooLarge
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
    signal,
  })
}
