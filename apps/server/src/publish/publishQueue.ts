/** What one rebuild did: the documents that asked for it, the routes it wrote, how long it took. */
export interface PublishReport {
  documentIds: string[]
  routes: string[] | 'all'
  durationMs: number
  error?: string
}

export type Rebuild = (documentIds: string[]) => Promise<{ routes: string[] | 'all' }>

export interface PublishQueueOptions {
  rebuild: Rebuild
  /** Quiet time after the last change before a rebuild starts: a burst of publishes makes one rebuild. */
  debounceMs?: number
  /** The longest a change waits for quiet: a steady stream of publishes still rebuilds this often. */
  maxWaitMs?: number
  onReport?: (report: PublishReport) => void
}

/**
 * Collects changed document ids and rebuilds once they stop arriving. Never runs two rebuilds at once:
 * ids that arrive during a rebuild wait for it, then go into one more rebuild of their union.
 */
export function createPublishQueue({
  rebuild,
  debounceMs = 2_000,
  maxWaitMs = 10_000,
  onReport = () => {},
}: PublishQueueOptions) {
  const pending = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | undefined
  /** When the oldest change not yet in a rebuild arrived. */
  let waitingSince: number | undefined
  let running: Promise<void> | undefined
  let idle: { promise: Promise<void>; resolve: () => void } | undefined

  const settleIfIdle = () => {
    if (!running && !timer && pending.size === 0) {
      idle?.resolve()
      idle = undefined
    }
  }

  const start = () => {
    timer = undefined
    if (running || pending.size === 0) return settleIfIdle()
    const documentIds = [...pending].sort()
    pending.clear()
    waitingSince = undefined
    const started = performance.now()
    running = rebuild(documentIds)
      .then(({ routes }) => onReport({ documentIds, routes, durationMs: performance.now() - started }))
      .catch((error: unknown) =>
        onReport({ documentIds, routes: [], durationMs: performance.now() - started, error: String(error) }),
      )
      .finally(() => {
        running = undefined
        if (pending.size > 0 && !timer) start()
        else settleIfIdle()
      })
  }

  return {
    /** Queues documents for the next rebuild; each call restarts the quiet period, up to maxWaitMs. */
    add(documentIds: string[]): void {
      for (const id of documentIds) pending.add(id)
      waitingSince ??= Date.now()
      if (timer) clearTimeout(timer)
      timer = setTimeout(start, Math.max(0, Math.min(debounceMs, waitingSince + maxWaitMs - Date.now())))
    },
    /** Resolves once nothing is queued or running (for tests and shutdown). */
    whenIdle(): Promise<void> {
      if (!running && !timer && pending.size === 0) return Promise.resolve()
      if (!idle) {
        let resolve = () => {}
        const promise = new Promise<void>((done) => {
          resolve = done
        })
        idle = { promise, resolve }
      }
      return idle.promise
    },
  }
}

/** One line per publish: the documents, the routes written (`-/x` for a removed one), the time it took. */
export function logPublishReport({ documentIds, routes, durationMs, error }: PublishReport): void {
  const written = routes === 'all' ? 'all routes' : routes.length > 0 ? routes.join(' ') : 'no route'
  const outcome = error ? `FAILED (${error})` : `${written} in ${(durationMs / 1000).toFixed(1)} s`
  console.log(`[publish] ${documentIds.join(', ')}: ${outcome}`)
}
