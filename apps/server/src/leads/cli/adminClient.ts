import { STATUS_CODES } from 'node:http'
import { adminApi } from '../adminApi.ts'
import { openLeadDatabase } from '../db/database.ts'
import type { LeadConfig } from '../leadConfig.ts'
import { CliError } from './cliError.ts'

/** Where `pnpm serve` (and the server `pnpm studio` starts) and `npm start`'s dev server answer by default. */
export function localServerOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return [`http://127.0.0.1:${env.PORT || 4173}`, 'http://127.0.0.1:5173']
}

export interface AdminRequest {
  method?: 'GET' | 'POST'
  body?: unknown
  /** What to say when the API answers 404 (an unknown id). */
  notFound?: string
  /** What failed, said before the API's reason: "Lead … was not replayed". */
  failure?: string
}

/** The admin API (`/api/admin/*`), of a running server or of the store opened in this process. */
export interface AdminClient {
  /** Who answers, for a person: "the lead server at …" or "the embedded store …, opened by this command". */
  source: string
  /** The JSON of a 2xx answer; anything else becomes a CliError with one readable line. */
  json: <T>(path: string, request?: AdminRequest) => Promise<T>
  /** A 2xx answer's body as it streams (the CSV export). */
  stream: (path: string, request?: AdminRequest) => Promise<ReadableStream<Uint8Array>>
}

type Send = (path: string, init: RequestInit) => Promise<Response>

/** A hung server or store ends the command instead of holding the terminal. */
const ANSWER_TIMEOUT_MS = 120_000
const PROBE_TIMEOUT_MS = 2_000

/**
 * Runs `work` against the admin API: the server at `server` when given (LEADS_SERVER_URL or --server), else
 * the first local server that answers the admin API, else the store itself, opened in this process and
 * answered by the same API (PostgreSQL, or the embedded store, which several processes share).
 */
export async function withAdminClient<T>(
  options: { server: string | undefined; config: LeadConfig },
  work: (client: AdminClient) => Promise<T>,
): Promise<T> {
  const { server, config } = options
  const headers = { authorization: `Bearer ${config.adminToken}`, 'content-type': 'application/json' }
  if (server) return work(serverClient(originOf(server), headers))
  const candidates = localServerOrigins()
  const answering = await Promise.all(candidates.map((origin) => answersAdminApi(origin, headers)))
  const local = candidates.find((_, index) => answering[index])
  if (local) return work(serverClient(local, headers))

  const store = await openLeadDatabase(config).catch((error: unknown) => {
    throw new CliError(`The lead store could not be opened: ${messageOf(error)}`)
  })
  try {
    const api = adminApi({ store, config, wakeOutbox: () => {} })
    // Hono's default prints the whole error, with a query's parameters: a visitor's data on the terminal.
    api.onError((error, c) => c.json({ error: `The lead store failed (${storeErrorName(error)})` }, 500))
    const where =
      store.kind === 'embedded' ? `the embedded store in ${store.location}` : `the PostgreSQL store ${store.location}`
    const send: Send = async (path, init) => api.request(path, init)
    return await work(clientOver(send, headers, `${where}, opened by this command`))
  } finally {
    await store.close()
  }
}

/**
 * The local servers answering the admin API besides `source` (`pnpm serve` or the Studio's lead server, and
 * `npm start`'s dev server): `pnpm leads health` says what each of them can send.
 */
export async function otherLocalServers(config: LeadConfig, source: string): Promise<AdminClient[]> {
  const headers = { authorization: `Bearer ${config.adminToken}`, 'content-type': 'application/json' }
  const candidates = localServerOrigins()
  const answering = await Promise.all(candidates.map((origin) => answersAdminApi(origin, headers)))
  return candidates
    .filter((_, index) => answering[index])
    .map((origin) => serverClient(origin, headers))
    .filter((client) => client.source !== source)
}

function originOf(server: string): string {
  try {
    return new URL(server).origin
  } catch {
    throw new CliError(`--server needs an address such as http://127.0.0.1:4173, not "${server}"`)
  }
}

function serverClient(origin: string, headers: Record<string, string>): AdminClient {
  const send: Send = async (path, init) => {
    try {
      return await fetch(`${origin}${path}`, init)
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new CliError(`The lead server at ${origin} did not answer within ${ANSWER_TIMEOUT_MS / 1000} s`)
      }
      throw new CliError(`No lead server answers at ${origin} (${causeOf(error)})`)
    }
  }
  return clientOver(send, headers, `the lead server at ${origin}`)
}

function clientOver(send: Send, headers: Record<string, string>, source: string): AdminClient {
  const answer = async (path: string, request: AdminRequest, timeout: boolean) => {
    const response = await send(path, {
      method: request.method ?? 'GET',
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      ...(timeout ? { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) } : {}),
    })
    if (!response.ok) throw await failureOf(response, source, request)
    return response
  }
  return {
    source,
    json: async <T>(path: string, request: AdminRequest = {}) => {
      const response = await answer(path, request, true)
      const body = await jsonOf(response)
      if (body === undefined) throw notTheAdminApi(response, source)
      return body as T
    },
    stream: async (path, request = {}) => {
      const response = await answer(path, request, false)
      if (!response.body) throw notTheAdminApi(response, source)
      return response.body
    },
  }
}

/** A local server counts when it answers the admin API's JSON (even a 401): not a site's 404 or HTML page. */
async function answersAdminApi(origin: string, headers: Record<string, string>): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/api/admin/health`, {
      headers,
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
    await response.body?.cancel()
    return response.status !== 404 && isJson(response)
  } catch {
    return false
  }
}

async function failureOf(response: Response, source: string, request: AdminRequest): Promise<CliError> {
  const body = await jsonOf(response)
  if (body === undefined) return notTheAdminApi(response, source)
  const said = messageIn(body)
  switch (response.status) {
    case 401:
      return new CliError(
        `${capitalized(source)} refused the admin token (401): set LEADS_ADMIN_TOKEN to the server's, or run this where its .data/leads-admin-token is`,
      )
    case 404:
      return new CliError(`${request.notFound ?? said ?? 'Not found'} (404)`)
    default: {
      const reason = said ?? `${capitalized(source)} answered ${statusLine(response)}`
      return new CliError(`${request.failure ? `${request.failure}: ` : ''}${reason} (${response.status})`)
    }
  }
}

function notTheAdminApi(response: Response, source: string): CliError {
  const type = response.headers.get('content-type')?.split(';')[0]
  return new CliError(
    `${capitalized(source)} answered ${statusLine(response)}${type ? ` (${type})` : ''}, not the admin API's JSON`,
  )
}

/** The body as JSON, or undefined when it is something else (a proxy's or a crashed handler's text page). */
async function jsonOf(response: Response): Promise<unknown> {
  if (!isJson(response)) {
    await response.body?.cancel()
    return undefined
  }
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

function isJson(response: Response): boolean {
  return /\bjson\b/.test(response.headers.get('content-type') ?? '')
}

/** The API's own words: `{error: "…"}`, a refused replay's `{reason: "…"}`, or a validation answer's fields. */
function messageIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { error, reason } = body as { error?: unknown; reason?: unknown }
  if (typeof error === 'string') return error
  if (typeof reason === 'string') return reason
  if (error !== undefined) return JSON.stringify(error)
  return undefined
}

function statusLine(response: Response): string {
  return `${response.status} ${response.statusText || STATUS_CODES[response.status] || ''}`.trim()
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string') return cause.code
  return messageOf(cause ?? error)
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
}

/** The kind of failure and PostgreSQL's code, never its message (which can quote a value: "invalid input … "x""). */
function storeErrorName(error: Error): string {
  const code = 'code' in error && typeof error.code === 'string' ? ` ${error.code}` : ''
  return `${error.name}${code}`
}
