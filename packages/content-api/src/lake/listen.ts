import { evaluate, parse } from 'groq-js'
import type { SanityDocument } from '../dataset'
import type { ContentLake, DocumentChange } from './contentLake'

export interface ListenOptions {
  query: string
  params: Record<string, unknown>
  includeResult: boolean
  includePreviousRevision: boolean
  mendozaEffects: boolean
  /** The request tag, e.g. `sanity.studio.listen-search-query`. */
  tag: string
}

export function listenOptionsFrom(url: URL): ListenOptions {
  const params: Record<string, unknown> = {}
  for (const [name, value] of url.searchParams) {
    if (name.startsWith('$')) params[name.slice(1)] = JSON.parse(value)
  }
  const query = url.searchParams.get('query')
  if (!query) throw new Error('Missing query')
  parse(query, { params }) // a syntax error is the request's error, not the stream's
  return {
    query,
    params,
    includeResult: url.searchParams.get('includeResult') !== 'false',
    includePreviousRevision: url.searchParams.get('includePreviousRevision') === 'true',
    mendozaEffects: url.searchParams.get('effectFormat') === 'mendoza',
    tag: url.searchParams.get('tag') ?? '',
  }
}

/** Types of features the lake does not model: tasks, content releases, comments, Canvas links. */
const UNMODELLED_TYPES = /tasks\.task|system\.release|_type == "comment"|sanity\.canvas/

/**
 * Studio listeners that fetch their answer again whenever their stream reconnects: document lists, the
 * preview's document sets, a document's referring documents. A browser opens at most six HTTP/1.1
 * connections to one host (Sanity's API speaks HTTP/2), and one document in the published view opened more
 * listeners than that, so its requests queued for ever. These give their connection back after `welcome`
 * and come back shortly, fetching again: a poll. The documents being edited and the global preview listener
 * stay connected and hear every mutation.
 */
const POLLED_LISTENERS = /\.(listen-search-query|preview\.observe-document-set\.listen|use-referring-documents)$/
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
 * Sanity's listen endpoint as a server-sent event stream: `welcome`, then one `mutation` event for
 * every change to a document that matches the listener's filter before or after the change.
 */
export function listenStream(
  lake: ContentLake,
  options: ListenOptions,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  return eventStream(signal, {
    welcome: `event: welcome\ndata: ${JSON.stringify({ listenerName: `lake-${Date.now()}` })}\n\n`,
    reconnectAfterMs: closesAfterWelcome(options),
    subscribe: (send) =>
      lake.subscribe((change) => {
        void matches(change, options).then((matched) => {
          if (!matched) return
          const eventId = `${change.transactionId}#${change.documentId}`
          send(`id: ${eventId}\nevent: mutation\ndata: ${JSON.stringify(mutationEvent(change, options, eventId))}\n\n`)
        })
      }),
  })
}

/**
 * The lake's server-sent event streams: `welcome`; then either `retry` and the end of the stream (the
 * client comes back after that long), or the events `subscribe` sends, with a keep-alive comment every
 * 15 s, until the client goes away.
 */
function eventStream(
  signal: AbortSignal,
  {
    welcome,
    reconnectAfterMs,
    subscribe,
  }: { welcome: string; reconnectAfterMs?: number; subscribe: (send: (text: string) => void) => () => void },
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
      send(welcome)
      if (reconnectAfterMs !== undefined) {
        send(`retry: ${reconnectAfterMs}\n\n`)
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

async function matches(change: DocumentChange, options: ListenOptions): Promise<boolean> {
  for (const document of [change.before, change.after]) {
    if (document && (await matchesFilter(document, options))) return true
  }
  return false
}

async function matchesFilter(document: SanityDocument, options: ListenOptions): Promise<boolean> {
  const value = await evaluate(parse(options.query, { params: options.params }), {
    dataset: [document],
    params: options.params,
  })
  const result = await value.get()
  return Array.isArray(result) ? result.length > 0 : Boolean(result)
}

function mutationEvent(change: DocumentChange, options: ListenOptions, eventId: string): Record<string, unknown> {
  const event: Record<string, unknown> = {
    eventId,
    documentId: change.documentId,
    transactionId: change.transactionId,
    transition: change.transition,
    identity: change.identity,
    mutations: change.mutations,
    previousRev: change.previousRev,
    resultRev: change.resultRev,
    timestamp: change.timestamp,
    visibility: 'query',
    transactionTotalEvents: change.transactionTotalEvents,
    transactionCurrentEvent: change.transactionCurrentEvent,
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
  { includeDrafts }: { includeDrafts: boolean },
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  return eventStream(signal, {
    welcome: 'event: welcome\ndata: {}\n\n',
    reconnectAfterMs: includeDrafts ? undefined : UNMODELLED_RETRY_MS,
    subscribe: (send) => {
      // One transaction reports each document it changed; the preview needs one restart for all of them.
      let lastTransaction: string | undefined
      return lake.subscribe(({ transactionId }) => {
        if (transactionId === lastTransaction) return
        lastTransaction = transactionId
        send(`id: ${transactionId}\nevent: restart\ndata: {}\n\n`)
      })
    },
  })
}
