import { evaluate, parse } from 'groq-js'
import type { SanityDocument } from '../dataset'
import { layerOf, type Perspective, perspectiveStack } from '../query'
import { queryError } from '../queryErrors'
import type { ContentLake, DocumentChange } from './contentLake'
import { isPublishedId } from './persistence'

export interface ListenOptions {
  query: string
  params: Record<string, unknown>
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  /** Events for release versions (`versions.*`) too; drafts and published documents always have them. */
  includeAllVersions: boolean
  mendozaEffects: boolean
  /** The request tag, e.g. `sanity.studio.listen-search-query`. */
  tag: string
  /** The layers a `perspective` parameter names (published, drafts, release names); undefined for all. */
  layers?: Set<string>
  /** Why the filter cannot be listened to: sent as the stream's `channelError`, as Sanity does. */
  error?: Record<string, unknown>
}

/** Listen parameters as https://www.sanity.io/docs/listening documents them, with their defaults. */
export function listenOptionsFrom(url: URL): ListenOptions {
  const flag = (name: string, fallback: boolean) => {
    const value = url.searchParams.get(name)
    return value === null ? fallback : value === 'true'
  }
  const options: ListenOptions = {
    query: url.searchParams.get('query') ?? '',
    params: {},
    // Absent means false: the client sends includeResult=true by default and leaves out every false option.
    includeResult: flag('includeResult', false),
    includePreviousRevision: flag('includePreviousRevision', false),
    includeMutations: flag('includeMutations', true),
    includeAllVersions: flag('includeAllVersions', false),
    mendozaEffects: url.searchParams.get('effectFormat') === 'mendoza',
    tag: url.searchParams.get('tag') ?? '',
  }
  const perspective = url.searchParams.get('perspective')
  if (perspective && perspective !== 'raw') {
    const names = perspective.split(',')
    options.layers = new Set(perspectiveStack(names.length === 1 ? (names[0] as Perspective) : names))
  }
  for (const [name, value] of url.searchParams) {
    if (!name.startsWith('$')) continue
    try {
      options.params[name.slice(1)] = JSON.parse(value)
    } catch {
      return { ...options, error: { type: 'httpBadRequest', description: `Parameter "${name}" is not valid JSON` } }
    }
  }
  if (!options.query) return { ...options, error: { type: 'httpBadRequest', description: 'Missing query' } }
  const refused = queryError(options.query, options.params)
  return refused ? { ...options, error: { ...refused } } : options
}

/** Types of features the lake does not model: tasks, comments, Canvas links. */
const UNMODELLED_TYPES = /tasks\.task|_type == "comment"|sanity\.canvas/

/**
 * Studio listeners that fetch their answer again whenever their stream reconnects: document lists, the
 * preview's document sets, a document's referring documents. A browser opens at most six HTTP/1.1
 * connections to one host (Sanity's API speaks HTTP/2), and one document in the published view opened more
 * listeners than that, so its requests queued for ever. These give their connection back after `welcome`
 * and come back shortly, fetching again: a poll. The documents being edited and the global preview listener
 * stay connected and hear every mutation.
 */
const POLLED_LISTENERS =
  /\.(listen-search-query|preview\.observe-document-set\.listen|use-referring-documents|releases\.listen)$/
const POLL_INTERVAL_MS = 2_000
/**
 * The Preview tool's document listener feeds optimistic edits made inside the preview frame (the site makes
 * none: it edits through the Studio's form, and the preview's queries refresh on live events). It opened one
 * stream per frame connection, and three of them with the form's own listeners took all six connections, so
 * the form's edits could not be saved. It reconnects once a minute instead.
 */
const PREVIEW_FRAME_LISTENER = /\.presentation-documents$/
const PREVIEW_FRAME_RETRY_MS = 60_000
/** A day: a listener for a feature the lake does not model comes back, and is closed again, once a day. */
const UNMODELLED_RETRY_MS = 86_400_000

/**
 * When a listener gives its connection back right after `welcome`, how long until it reconnects: a day for
 * features the lake does not model, a poll interval for listeners that fetch again; undefined to stay open.
 */
function closesAfterWelcome(options: ListenOptions): number | undefined {
  if (UNMODELLED_TYPES.test(options.query)) return UNMODELLED_RETRY_MS
  if (POLLED_LISTENERS.test(options.tag)) return POLL_INTERVAL_MS
  if (PREVIEW_FRAME_LISTENER.test(options.tag)) return PREVIEW_FRAME_RETRY_MS
  return undefined
}

/**
 * Sanity's listen endpoint as a server-sent event stream: `welcome`, then one `mutation` event for every
 * change to a document the listener may read that matches its filter before or after the change; a filter
 * Sanity cannot run gets a `channelError` instead.
 */
export function listenStream(
  lake: ContentLake,
  options: ListenOptions,
  readable: (id: string) => boolean,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  if (options.error) {
    return eventStream(signal, {
      opening: `event: channelError\ndata: ${JSON.stringify({ error: options.error })}\n\n`,
      reconnectAfterMs: null,
      subscribe: () => () => {},
    })
  }
  return eventStream(signal, {
    opening: `event: welcome\ndata: ${JSON.stringify({ listenerName: `lake-${Date.now()}` })}\n\n`,
    reconnectAfterMs: closesAfterWelcome(options),
    subscribe: (send) => {
      // Filters are evaluated asynchronously: one transaction's events are sent before the next one's.
      let sending = Promise.resolve()
      return lake.subscribeToTransactions((changes) => {
        sending = sending
          .then(() => listenerEvents(changes, options, readable))
          .then((events) => {
            for (const event of events) send(event)
          })
          .catch((error: unknown) => console.error(error))
      })
    },
  })
}

/**
 * One transaction's events for one listener: the changes to documents it may read and whose filter matched
 * before or after, each with its transition for this filter, counted among this listener's events only.
 */
async function listenerEvents(
  changes: DocumentChange[],
  options: ListenOptions,
  readable: (id: string) => boolean,
): Promise<string[]> {
  const heard: { change: DocumentChange; transition: DocumentChange['transition'] }[] = []
  for (const change of changes) {
    if (!readable(change.documentId)) continue
    if (options.layers && !options.layers.has(layerOf(change.documentId))) continue
    if (!options.includeAllVersions && !options.layers && change.documentId.startsWith('versions.')) continue
    const matchedBefore = change.before !== null && (await matchesFilter(change.before, options))
    const matchesAfter = change.after !== null && (await matchesFilter(change.after, options))
    if (!matchedBefore && !matchesAfter) continue
    const transition = matchedBefore && matchesAfter ? 'update' : matchesAfter ? 'appear' : 'disappear'
    heard.push({ change, transition })
  }
  return heard.map(({ change, transition }, index) => {
    const eventId = `${change.transactionId}#${change.documentId}`
    const event = mutationEvent(change, options, eventId, {
      transition,
      transactionTotalEvents: heard.length,
      transactionCurrentEvent: index + 1,
    })
    return `id: ${eventId}\nevent: mutation\ndata: ${JSON.stringify(event)}\n\n`
  })
}

/**
 * The lake's server-sent event streams: the opening event (`welcome`, or a `channelError` and the end); then
 * either `retry` and the end of the stream (the client comes back after that long), or the events `subscribe`
 * sends, with a keep-alive comment every 15 s, until the client goes away.
 */
function eventStream(
  signal: AbortSignal,
  {
    opening,
    reconnectAfterMs,
    subscribe,
  }: {
    /** The first event: `welcome`, or the `channelError` that ends the stream. */
    opening: string
    /** Close after `welcome` and come back after this long; null to close with no retry; undefined to stay. */
    reconnectAfterMs?: number | null
    subscribe: (send: (text: string) => void) => () => void
  },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let unsubscribe = () => {}
  let keepAlive: ReturnType<typeof setInterval> | undefined
  return new ReadableStream({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          close()
        }
      }
      const close = () => {
        unsubscribe()
        clearInterval(keepAlive)
        try {
          controller.close()
        } catch {}
      }
      send(opening)
      if (reconnectAfterMs !== undefined) {
        if (reconnectAfterMs !== null) send(`retry: ${reconnectAfterMs}\n\n`)
        close()
        return
      }
      unsubscribe = subscribe(send)
      keepAlive = setInterval(() => send(': keep-alive\n\n'), 15_000)
      signal.addEventListener('abort', close)
    },
    cancel() {
      unsubscribe()
      clearInterval(keepAlive)
    },
  })
}

async function matchesFilter(document: SanityDocument, options: ListenOptions): Promise<boolean> {
  const value = await evaluate(parse(options.query, { params: options.params }), {
    dataset: [document],
    params: options.params,
  })
  const result = await value.get()
  return Array.isArray(result) ? result.length > 0 : Boolean(result)
}

function mutationEvent(
  change: DocumentChange,
  options: ListenOptions,
  eventId: string,
  forListener: Pick<DocumentChange, 'transition' | 'transactionTotalEvents' | 'transactionCurrentEvent'>,
): Record<string, unknown> {
  const event: Record<string, unknown> = {
    eventId,
    documentId: change.documentId,
    transactionId: change.transactionId,
    identity: change.identity,
    ...(options.includeMutations ? { mutations: change.mutations } : {}),
    previousRev: change.previousRev,
    resultRev: change.resultRev,
    timestamp: change.timestamp,
    visibility: 'query',
    ...forListener,
  }
  // A mendoza patch of one "value" operation replaces the whole document: always correct, if not minimal.
  if (options.mendozaEffects) event.effects = { apply: [0, change.after], revert: [0, change.before] }
  if (options.includeResult && change.after) event.result = change.after
  if (options.includePreviousRevision && change.before) event.previous = change.before
  return event
}

/**
 * Sanity's Live Content API events (`/data/live/events/<dataset>`), which the Presentation tool follows to
 * refresh the queries it runs for the preview: `welcome`, then `restart` after every transaction. The lake
 * does not compute sync tags, so "refetch everything" is the event that keeps the preview exact. Only the
 * preview's loader asks for drafts; the Studio's other subscriber (the unmodelled preview-sharing secret)
 * waits for tagged messages the lake never sends, so its stream gives its connection back after `welcome`.
 */
export function liveEventsStream(
  lake: ContentLake,
  {
    includeDrafts,
    fromBrowser,
    readable,
  }: { includeDrafts: boolean; fromBrowser: boolean; readable: (id: string) => boolean },
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const visible = (id: string) => readable(id) && (includeDrafts || isPublishedId(id))
  return eventStream(signal, {
    opening: 'event: welcome\ndata: {}\n\n',
    // Only a browser's published-only stream (the Studio's preview sharing) gives its connection back.
    reconnectAfterMs: !includeDrafts && fromBrowser ? UNMODELLED_RETRY_MS : undefined,
    subscribe: (send) =>
      lake.subscribeToTransactions((changes) => {
        const [first] = changes
        // One restart per transaction that changed something this stream may see.
        if (!first || !changes.some((change) => visible(change.documentId))) return
        send(`id: ${first.transactionId}\nevent: restart\ndata: {}\n\n`)
      }),
  })
}
