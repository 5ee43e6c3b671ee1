import { handleQueryApiRequest } from '../handler'
import { actionsToMutations, type DocumentAction } from './actions'
import { withArrayKeys } from './arrayKeys'
import { AssetError } from './assetError'
import { serveImage, uploadImage } from './assets'
import { type ContentLake, LOCAL_EDITOR_ID } from './contentLake'
import { historyResponse } from './history'
import { listenOptionsFrom, listenStream, liveEventsStream } from './listen'
import { type LakeMutation, MutationError, randomId } from './mutations'
import { isPublicId } from './persistence'
import { expandQueryMutations } from './queryMutations'
import { activeReleaseCount, MODELLED_FEATURES, type ReleaseAction } from './releases'
import { loginProviders, SIGN_IN_PATH, signInResponse } from './signIn'

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
 * CDN's `/images/...` for uploaded images. Paths the lake does not model (presence, comments, tasks,
 * schedules) answer with an empty value, so the Studio keeps working without that feature.
 */
export async function handleLakeRequest(request: Request, options: LakeApiOptions): Promise<Response> {
  const url = new URL(request.url)
  // A page of the lake's own, opened and posted by the browser itself (its Origin is the lake's).
  if (url.pathname === SIGN_IN_PATH) return signInResponse(request, options)
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
  const authorization = request.headers.get('authorization')
  const authorized = authorization === `Bearer ${options.token}`
  const { lake, dataset, projectId } = options
  // Sanity refuses a token it does not know, even for content it serves without one.
  if (authorization !== null && !authorized && /^\/(data|assets)\//.test(path)) {
    return respond(UNKNOWN_SESSION, 401)
  }
  // Published documents of a public dataset are readable without a token; ids with a path (drafts., versions.,
  // any "a.b") are not (https://www.sanity.io/docs/ids).
  const readable = (id: string) => authorized || isPublicId(id)

  const live = /^\/data\/live\/events\/([^/]+)$/.exec(path)
  if (live) {
    if (live[1] !== dataset) return respond(datasetNotFound(live[1], projectId), 404)
    // As on Sanity's API: events about published content are public, events that include drafts are not.
    const includeDrafts = url.searchParams.get('includeDrafts') === 'true'
    if (includeDrafts && !authorized) {
      return fail(401, 'httpUnauthorized', 'Live events with drafts need the local editor token')
    }
    const fromBrowser = origin !== null
    return new Response(liveEventsStream(lake, { includeDrafts, fromBrowser, readable }, request.signal), {
      headers: { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    })
  }

  const data = /^\/data\/(\w+)\/([^/]+)(?:\/(.*))?$/.exec(path)
  if (data) {
    const [, endpoint, targetDataset, rest = ''] = data
    if (targetDataset !== dataset) return respond(datasetNotFound(targetDataset, projectId), 404)
    if (bodyTooLarge(request)) {
      return fail(413, 'httpPayloadTooLarge', `Request body exceeds limit of ${MAX_MUTATION_BYTES} bytes`)
    }
    switch (endpoint) {
      case 'query':
        return handleQueryApiRequest(request, {
          documents: () => (authorized ? lake.documents() : lake.publicDocuments()),
          datasets: [dataset],
        })
      case 'ping':
        return respond({ ok: true })
      case 'doc':
        return respond(documentsById(lake, rest, readable))
      case 'listen': {
        const stream = listenStream(lake, listenOptionsFrom(url), readable, request.signal)
        return new Response(stream, {
          headers: { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
        })
      }
    }
    if (!authorized) return fail(401, 'httpUnauthorized', 'This endpoint needs the local editor token')
    switch (endpoint) {
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
    if (assets[2] !== dataset) return respond(datasetNotFound(assets[2], projectId), 404)
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

  // Without this list the Studio's login screen crashes ("Cannot read properties of undefined (reading 'filter')").
  if (path === '/auth/providers') return respond(loginProviders(url))
  if (path === '/users/me') {
    return authorized ? respond(LOCAL_EDITOR) : respond({})
  }
  if (!authorized && request.method !== 'GET') return fail(401, 'httpUnauthorized', 'Needs the local editor token')
  // The Studio offers its Releases tool and Scheduled Drafts only when the project lists them (releases.ts
  // models both), and checks before each new release that the project may have another: the lake sets no
  // limit on active releases (`orgActiveReleaseLimit: null` is Sanity's "none"; the dataset's is as large).
  if (path === '/features') return respond(MODELLED_FEATURES)
  if (path === `/projects/${projectId}/new-content-release-allowed`) {
    return respond({
      data: {
        datasetReleaseLimit: Number.MAX_SAFE_INTEGER,
        orgActiveReleaseLimit: null,
        orgMeteredActiveReleaseCount: activeReleaseCount(lake.documents()),
      },
    })
  }
  return respond(unmodelledAnswer(path, projectId, dataset))
}

async function mutate(
  request: Request,
  url: URL,
  endpoint: 'mutate' | 'actions',
  { lake }: LakeApiOptions,
  respond: (body: unknown, status?: number) => Response,
): Promise<Response> {
  let body: {
    mutations?: LakeMutation[]
    actions?: (DocumentAction | ReleaseAction)[]
    transactionId?: string
    dryRun?: boolean
  }
  try {
    body = await request.json()
  } catch {
    return respond({ error: { description: 'The request body is not valid JSON', type: 'httpBadRequest' } }, 400)
  }
  // The client sends dryRun as a query parameter to data/mutate and in the body to data/actions.
  const dryRun = body.dryRun === true || url.searchParams.get('dryRun') === 'true'
  try {
    const mutations =
      endpoint === 'actions'
        ? actionsToMutations(body.actions ?? [], lake)
        : await mutationsToApply(body.mutations ?? [], url, lake)
    if (mutations.length === 0 && body.mutations?.length) {
      // A delete or patch by query that matched nothing: a transaction with nothing to do.
      return respond({ transactionId: body.transactionId ?? randomId(), results: [] })
    }
    const result = lake.transact(mutations, { transactionId: body.transactionId, dryRun })
    if (endpoint === 'actions') return respond({ transactionId: result.transactionId })
    const withDocuments = url.searchParams.get('returnDocuments') === 'true'
    const documentOf = (id: string) => result.documents.find((document) => document._id === id) ?? lake.get(id)
    return respond({
      transactionId: result.transactionId,
      results: result.results.map(({ id, operation }) => ({
        id,
        operation,
        ...(withDocuments ? { document: documentOf(id) } : {}),
      })),
    })
  } catch (error) {
    if (!(error instanceof MutationError)) throw error
    // Errors of data/actions are typed actionError, those of data/mutate mutationError, both with their items.
    const type = endpoint === 'actions' ? 'actionError' : 'mutationError'
    const failed = endpoint === 'actions' ? 'The action(s) failed' : 'The mutation(s) failed'
    return respond(
      {
        error: {
          description: `${failed}: ${error.message}`,
          type,
          items: [{ error: error.item, index: error.index }],
        },
        statusCode: error.status,
      },
      error.status,
    )
  }
}

/** The body's mutations with those by query expanded per document, and array keys added when asked. */
async function mutationsToApply(mutations: LakeMutation[], url: URL, lake: ContentLake): Promise<LakeMutation[]> {
  const expanded = await expandQueryMutations(mutations, lake.documents())
  if (url.searchParams.get('autoGenerateArrayKeys') !== 'true') return expanded
  return expanded.map((mutation) =>
    typeof mutation === 'object' && mutation !== null ? withArrayKeys(mutation) : mutation,
  )
}

/** Sanity's answer for a dataset the project does not have (its wording, as in sanity-io/sanity#7528). */
const datasetNotFound = (name: string | undefined, projectId: string) => ({
  statusCode: 404,
  error: 'Dataset not found',
  message: `Dataset "${name ?? ''}" not found for project ID "${projectId}"`,
})

/** Sanity's answer to a token it does not know (its `errorCode` is what the Studio logs out on). */
const UNKNOWN_SESSION = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Session not found',
  errorCode: 'SIO-401-ANF',
}

/** Sanity's limit on a mutation request's body (https://www.sanity.io/docs/content-lake/technical-limits). */
export const MAX_MUTATION_BYTES = 4_000_000

const bodyTooLarge = (request: Request) => Number(request.headers.get('content-length') ?? 0) > MAX_MUTATION_BYTES

/** `data/doc`: the documents found, and why each other id was left out (not there, or not readable). */
function documentsById(lake: ContentLake, ids: string, readable: (id: string) => boolean) {
  const requested = ids.split(',').filter(Boolean).map(decodedId)
  const documents = requested.flatMap((id) => {
    const document = readable(id) ? lake.get(id) : undefined
    return document ? [document] : []
  })
  const omitted = requested.flatMap((id) => {
    if (!readable(id)) return [{ id, reason: 'permission' }]
    return lake.get(id) ? [] : [{ id, reason: 'existence' }]
  })
  return { documents, omitted }
}

function decodedId(id: string): string {
  try {
    return decodeURIComponent(id)
  } catch {
    return id
  }
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
  // The Studio reads the plan's history retention here for a published or archived release's banner, and its
  // Releases tool crashed on `{}` ("reading 'retention'"). The lake removes no release: no removal date.
  if (path === `/subscriptions/project/${projectId}`) {
    return { featureTypes: { retention: { features: [{ attributes: { maxRetentionDays: null } }] } } }
  }
  if (/\/(user-applications|keyvalue)(\/|$)/.test(path) || path.startsWith('/users/me/keyvalue')) return []
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
