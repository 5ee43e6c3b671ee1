import { GroqSyntaxError } from 'groq-js'
import type { SanityDocument } from './dataset'
import { applyPerspective, type Perspective, runQuery } from './query'
import { queryError } from './queryErrors'
import { datasetIndex } from './queryIndex'
import { RELEASE_PREFIX } from './releaseIds'
import { inferContentSourceMap } from './sourceMap'

export interface QueryApiOptions {
  /**
   * Returns the current documents (re-read when the seed file changes). Queries are indexed per array:
   * return a new array when the documents change, never the same one mutated.
   */
  documents: () => SanityDocument[]
  /** Datasets this API answers for; others get Sanity's "not found" error. */
  datasets?: string[]
}

const QUERY_PATH = /^\/v(\d{4}-\d{2}-\d{2}|1|X)\/data\/query\/([^/]+)\/?$/
const NAMED_PERSPECTIVES = new Set(['published', 'drafts', 'previewDrafts', 'raw'])
// From this API version on, the hosted API defaults to the published perspective.
const PUBLISHED_DEFAULT_SINCE = '2025-02-19'

const corsHeaders = (request: Request): Record<string, string> => ({
  'access-control-allow-origin': request.headers.get('origin') ?? '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, X-Sanity-Project-ID, X-Sanity-Client',
  'access-control-allow-credentials': 'true',
  'access-control-max-age': '600',
})

function sanityError(request: Request, status: number, error: Record<string, unknown>): Response {
  return Response.json({ error, statusCode: status }, { status, headers: corsHeaders(request) })
}

/**
 * Sanity's HTTP query API (`/v{apiVersion}/data/query/{dataset}`), evaluated with groq-js.
 * Speaks Fetch `Request`/`Response`, so the same code serves the local HTTP server and msw.
 */
export async function handleQueryApiRequest(request: Request, options: QueryApiOptions): Promise<Response> {
  const url = new URL(request.url)
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders(request) })

  const match = QUERY_PATH.exec(url.pathname)
  if (!match) return sanityError(request, 404, { description: `No route for ${url.pathname}`, type: 'httpNotFound' })
  const [, apiVersion = '', dataset = ''] = match
  if (options.datasets && !options.datasets.includes(dataset)) {
    return sanityError(request, 404, { description: `Dataset "${dataset}" not found`, type: 'httpNotFound' })
  }

  let query: string | null
  let params: Record<string, unknown>
  try {
    ;({ query, params } = request.method === 'POST' ? await readPostBody(request) : readSearchParams(url))
  } catch (error) {
    return sanityError(request, 400, { description: (error as Error).message, type: 'httpBadRequest' })
  }
  if (request.method !== 'GET' && request.method !== 'POST') {
    return sanityError(request, 405, {
      description: `Method ${request.method} not allowed`,
      type: 'httpMethodNotAllowed',
    })
  }
  if (!query) return sanityError(request, 400, { description: 'Missing query', type: 'httpBadRequest' })

  const defaultPerspective = apiVersion >= PUBLISHED_DEFAULT_SINCE && apiVersion !== 'X' ? 'published' : 'raw'
  const perspective = perspectiveFrom(url.searchParams.get('perspective') ?? defaultPerspective, apiVersion, () =>
    options.documents(),
  )
  if (typeof perspective === 'object' && 'problem' in perspective) {
    return sanityError(request, 400, { description: perspective.problem, type: 'httpBadRequest' })
  }

  const refused = queryError(query, params)
  if (refused) return sanityError(request, 400, { ...refused })

  const started = performance.now()
  try {
    const documents = applyPerspective(options.documents(), perspective)
    const result = await runQuery(documents, query, params)
    const body: Record<string, unknown> = { result }
    // @sanity/client asks for it (`withKeyArraySelector`) whenever stega encoding is enabled.
    if (wantsSourceMap(url)) body.resultSourceMap = inferContentSourceMap(result, datasetIndex(documents).byId)
    body.ms = Math.round(performance.now() - started)
    if (url.searchParams.get('returnQuery') !== 'false') body.query = query
    return Response.json(body, { headers: corsHeaders(request) })
  } catch (error) {
    if (error instanceof GroqSyntaxError) {
      return sanityError(request, 400, {
        description: error.message,
        query,
        start: error.position,
        end: error.position + 1,
        type: 'queryParseError',
      })
    }
    return sanityError(request, 400, { description: (error as Error).message, query, type: 'queryExecutionError' })
  }
}

/**
 * The `perspective` parameter (https://www.sanity.io/docs/content-lake/perspectives): one name, or a
 * comma-separated stack of release names with `drafts` and `published`. A release stack needs API version
 * 2025-02-19 or later, and each release must exist (its `_.releases.<name>` document).
 */
function perspectiveFrom(
  value: string,
  apiVersion: string,
  documents: () => SanityDocument[],
): Perspective | { problem: string } {
  const names = value.split(',').map((name) => name.trim())
  const [only] = names
  if (names.length === 1 && only !== undefined && NAMED_PERSPECTIVES.has(only)) return only as Perspective
  if (apiVersion < PUBLISHED_DEFAULT_SINCE || apiVersion === 'X') {
    return { problem: 'Complex perspectives are not supported for this version' }
  }
  if (names.includes('raw')) return { problem: 'The raw perspective can not be combined with other perspectives' }
  const releases = new Set(
    documents().flatMap((document) =>
      document._id.startsWith(RELEASE_PREFIX) ? [document._id.slice(RELEASE_PREFIX.length)] : [],
    ),
  )
  const unknown = names.find((name) => !NAMED_PERSPECTIVES.has(name) && !releases.has(name))
  if (unknown !== undefined) return { problem: `Invalid perspective "${unknown}"` }
  return names
}

function wantsSourceMap(url: URL): boolean {
  const value = url.searchParams.get('resultSourceMap')
  return value !== null && value !== 'false'
}

function readSearchParams(url: URL): { query: string | null; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {}
  for (const [name, value] of url.searchParams) {
    if (!name.startsWith('$')) continue
    try {
      params[name.slice(1)] = JSON.parse(value)
    } catch {
      throw new Error(`Parameter "${name}" is not valid JSON`)
    }
  }
  return { query: url.searchParams.get('query'), params }
}

async function readPostBody(request: Request): Promise<{ query: string | null; params: Record<string, unknown> }> {
  let body: unknown
  try {
    body = await request.json()
  } catch {
    throw new Error('The request body is not valid JSON')
  }
  const { query, params } = (body ?? {}) as { query?: unknown; params?: unknown }
  return {
    query: typeof query === 'string' ? query : null,
    params: typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {},
  }
}
