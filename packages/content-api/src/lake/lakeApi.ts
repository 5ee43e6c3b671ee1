import { handleQueryApiRequest } from '../handler'
import { actionsToMutations, type DocumentAction } from './actions'
import { AssetError } from './assetError'
import { serveImage, uploadImage } from './assets'
import { type ContentLake, LOCAL_EDITOR_ID } from './contentLake'
import { historyResponse } from './history'
import { listenOptionsFrom, listenStream, liveEventsStream } from './listen'
import { type LakeMutation, MutationError } from './mutations'

export interface LakeApiOptions {
  lake: ContentLake
  projectId: string
  dataset: string
  /** Bearer token of the local editor: required for everything but reading published content. */
  token: string
  /** Origins allowed to call the lake from a browser (the Studio's and the preview's). */
  allowedOrigins: string[]
}

const LOCAL_EDITOR = {
  id: LOCAL_EDITOR_ID,
  name: 'Local editor',
  email: 'editor@localhost',
  provider: 'local',
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator' }],
}

/**
 * The part of Sanity's HTTP API the Studio uses, answered from a local {@link ContentLake}, and the image
 * CDN's `/images/...` for uploaded images. Paths the lake does not model (presence, comments, releases,
 * schedules) answer with an empty value, so the Studio keeps working without that feature.
 */
export async function handleLakeRequest(request: Request, options: LakeApiOptions): Promise<Response> {
  const url = new URL(request.url)
  const origin = request.headers.get('origin')
  if (origin && !options.allowedOrigins.includes(origin)) {
    return Response.json(
      { error: { description: `Origin ${origin} is not allowed`, type: 'httpForbidden' } },
      { status: 403 },
    )
  }
  const cors = corsHeaders(request)
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })

  const respond = (body: unknown, status = 200) => Response.json(body, { status, headers: cors })
  const fail = (status: number, type: string, description: string) =>
    respond({ error: { description, type }, statusCode: status }, status)
  const assetFailure = (error: unknown) => {
    if (!(error instanceof AssetError)) throw error
    return fail(error.status, error.type, error.message)
  }

  // Requested by <img> elements, so without a token: image URLs are public on Sanity's CDN too.
  if (url.pathname.startsWith('/images/') && (request.method === 'GET' || request.method === 'HEAD')) {
    try {
      const image = await serveImage(url, request.headers.get('accept'), options)
      const { bytes, mimeType } = image
      const vary = [cors.vary, image.variesByAccept ? 'Accept' : undefined].filter(Boolean).join(', ')
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), {
        headers: {
          ...cors,
          ...(vary ? { vary } : {}),
          ...(image.cache ? { 'x-cache': image.cache } : {}),
          ...(image.download === undefined
            ? {}
            : { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(image.download)}` }),
          'content-type': mimeType,
          'content-length': String(bytes.byteLength),
          // The file name holds the SHA-1 of its bytes: they never change.
          'cache-control': 'public, max-age=31536000, immutable',
          // An SVG opened on its own must not run scripts on the lake's origin.
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          'x-content-type-options': 'nosniff',
        },
      })
    } catch (error) {
      return assetFailure(error)
    }
  }

  const path = url.pathname.replace(/^\/v(\d{4}-\d{2}-\d{2}|\d+|X)\//, '/')
  const authorized = request.headers.get('authorization') === `Bearer ${options.token}`
  const { lake, dataset, projectId } = options

  const live = /^\/data\/live\/events\/([^/]+)$/.exec(path)
  if (live) {
    if (live[1] !== dataset) return fail(404, 'httpNotFound', `Dataset "${live[1]}" not found`)
    // As on Sanity's API: events about published content are public, events that include drafts are not.
    const includeDrafts = url.searchParams.get('includeDrafts') === 'true'
    if (includeDrafts && !authorized) {
      return fail(401, 'httpUnauthorized', 'Live events with drafts need the local editor token')
    }
    return new Response(liveEventsStream(lake, { includeDrafts }, request.signal), {
      headers: { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    })
  }

  const data = /^\/data\/(\w+)\/([^/]+)(?:\/(.*))?$/.exec(path)
  if (data) {
    const [, endpoint, targetDataset, rest = ''] = data
    if (targetDataset !== dataset) return fail(404, 'httpNotFound', `Dataset "${targetDataset}" not found`)
    if (endpoint === 'query') {
      const perspective = url.searchParams.get('perspective')
      if (!authorized && perspective !== 'published') {
        return fail(401, 'httpUnauthorized', 'Reading drafts needs the local editor token')
      }
      return handleQueryApiRequest(request, { documents: () => lake.documents(), datasets: [dataset] })
    }
    if (endpoint === 'ping') return respond({ ok: true })
    if (!authorized) return fail(401, 'httpUnauthorized', 'This endpoint needs the local editor token')
    switch (endpoint) {
      case 'doc':
        return respond(documentsById(lake, rest))
      case 'listen':
        try {
          const stream = listenStream(lake, listenOptionsFrom(url), request.signal)
          return new Response(stream, {
            headers: { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
          })
        } catch (error) {
          return fail(400, 'queryParseError', (error as Error).message)
        }
      case 'mutate':
      case 'actions':
        return mutate(request, url, endpoint, options, respond)
      case 'history':
        return historyResponse(lake, rest, url, cors)
      default:
        return fail(404, 'httpNotFound', `No route for ${url.pathname}`)
    }
  }

  const assets = /^\/assets\/(images|files)\/([^/]+)$/.exec(path)
  if (assets && request.method === 'POST') {
    if (assets[2] !== dataset) return fail(404, 'httpNotFound', `Dataset "${assets[2]}" not found`)
    if (!authorized) return fail(401, 'httpUnauthorized', 'Uploads need the local editor token')
    if (assets[1] === 'files') {
      return fail(404, 'httpNotFound', 'File uploads are not modelled by the local Content Lake')
    }
    try {
      return respond({ document: await uploadImage(request, url, options) })
    } catch (error) {
      return assetFailure(error)
    }
  }

  if (path === '/users/me') {
    return authorized ? respond(LOCAL_EDITOR) : respond({})
  }
  if (!authorized && request.method !== 'GET') return fail(401, 'httpUnauthorized', 'Needs the local editor token')
  return respond(unmodelledAnswer(path, projectId, dataset))
}

async function mutate(
  request: Request,
  url: URL,
  endpoint: 'mutate' | 'actions',
  { lake }: LakeApiOptions,
  respond: (body: unknown, status?: number) => Response,
): Promise<Response> {
  let body: { mutations?: LakeMutation[]; actions?: DocumentAction[]; transactionId?: string }
  try {
    body = await request.json()
  } catch {
    return respond({ error: { description: 'The request body is not valid JSON', type: 'httpBadRequest' } }, 400)
  }
  try {
    const mutations =
      endpoint === 'actions' ? actionsToMutations(body.actions ?? [], (id) => lake.get(id)) : (body.mutations ?? [])
    const result = lake.transact(mutations, { transactionId: body.transactionId })
    if (endpoint === 'actions') return respond({ transactionId: result.transactionId })
    const answer: Record<string, unknown> = {
      transactionId: result.transactionId,
      results: result.results.map(({ id, operation }) => ({ id, operation })),
    }
    if (url.searchParams.get('returnDocuments') === 'true') {
      answer.results = result.results.map(({ id, operation }) => ({ id, operation, document: lake.get(id) }))
    }
    return respond(answer)
  } catch (error) {
    if (!(error instanceof MutationError)) throw error
    return respond(
      {
        error: {
          description: `The mutation(s) failed: ${error.message}`,
          type: 'mutationError',
          items: [{ error: error.item, index: error.index }],
        },
        statusCode: error.status,
      },
      error.status,
    )
  }
}

function documentsById(lake: ContentLake, ids: string) {
  const requested = ids.split(',').filter(Boolean)
  const documents = requested.flatMap((id) => {
    const document = lake.get(id)
    return document ? [document] : []
  })
  const omitted = requested.filter((id) => !lake.get(id)).map((id) => ({ id, reason: 'existence' }))
  return { documents, omitted }
}

/** Empty answers for what the lake does not model, shaped as the Studio expects each one. */
function unmodelledAnswer(path: string, projectId: string, dataset: string): unknown {
  const project = `/projects/${projectId}`
  if (path === project) {
    return {
      id: projectId,
      displayName: 'AdvisorGrowth (local)',
      studioHost: null,
      isBlocked: false,
      isDisabled: false,
      isDisabledByUser: false,
      metadata: {},
      members: [
        { id: LOCAL_EDITOR_ID, role: 'administrator', roles: LOCAL_EDITOR.roles, isCurrentUser: true, isRobot: false },
      ],
    }
  }
  if (path === `${project}/datasets`) return [{ name: dataset, aclMode: 'public' }]
  if (path === `${project}/datasets/${dataset}/acl`) {
    return [{ filter: '_id in path("**")', permissions: ['read', 'update', 'create', 'history'] }]
  }
  if (path.startsWith(`${project}/users`))
    return [{ ...LOCAL_EDITOR, displayName: LOCAL_EDITOR.name, isCurrentUser: true }]
  if (path.startsWith('/schedules/')) return { schedules: [] }
  if (/\/(features|user-applications|keyvalue)(\/|$)/.test(path) || path.startsWith('/users/me/keyvalue')) return []
  return {}
}

function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('origin')
  return {
    ...(origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers':
      request.headers.get('access-control-request-headers') ?? 'Authorization, Content-Type',
    'access-control-allow-credentials': 'true',
    'access-control-max-age': '600',
  }
}
