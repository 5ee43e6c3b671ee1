import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type { SanityDocument } from '../dataset'
import { actionsToMutations } from './actions'
import type { ContentLake } from './contentLake'
import { MutationError } from './mutations'
import { RELEASE_PREFIX, RELEASE_TYPE, releaseDocumentId } from './releases'

/** What the scheduler did with one release whose time had come. */
export type ScheduledOutcome =
  | { releaseId: string; publishAt: string; status: 'published'; transactionId: string; documentIds: string[] }
  | { releaseId: string; publishAt: string; status: 'failed'; message: string }

export interface ReleaseSchedulerOptions {
  /** A file only one process at a time holds: the one whose scheduler publishes. */
  lockFile: string
  /** How often it looks for releases whose time has come; 1 s keeps a publish within 5 s of its time. */
  intervalMs?: number
  onOutcome?: (outcome: ScheduledOutcome) => void
  now?: () => Date
}

export interface ReleaseScheduler {
  /** Publishes every release whose time has come now, as a tick does. */
  tick: () => ScheduledOutcome[]
  stop: () => void
}

/**
 * The lake's scheduler (Sanity's Content Releases scheduling, https://www.sanity.io/docs/user-guides/content-releases):
 * every second it publishes each scheduled release whose `publishAt` has passed, including those whose time
 * passed while no lake was running. Only the process holding the lock file publishes. Every process reads
 * the dataset files again each tick when another has written them, so a release is published once across
 * restarts and processes, and all of them serve it within a tick. A
 * release that cannot be published goes back to active with the reason in its `error.message`, where the
 * Studio's Releases tool shows it.
 */
export function startReleaseScheduler(lake: ContentLake, options: ReleaseSchedulerOptions): ReleaseScheduler {
  const now = options.now ?? (() => new Date())
  const lock = processLock(options.lockFile)
  const tick = (): ScheduledOutcome[] => {
    lake.reloadIfChangedOnDisk()
    if (!lock.hold()) return []
    const due = dueReleases(lake.documents(), now())
    const outcomes = due.map((release) => publishScheduled(lake, release))
    for (const outcome of outcomes) options.onOutcome?.(outcome)
    return outcomes
  }
  const timer = setInterval(() => {
    try {
      tick()
    } catch (error) {
      console.error('[release scheduler]', error)
    }
  }, options.intervalMs ?? 1_000)
  timer.unref()
  // A time that passed while the lake was down is published at once.
  queueMicrotask(() => {
    try {
      tick()
    } catch (error) {
      console.error('[release scheduler]', error)
    }
  })
  return {
    tick,
    stop: () => {
      clearInterval(timer)
      lock.release()
    },
  }
}

function dueReleases(documents: SanityDocument[], now: Date): SanityDocument[] {
  return documents
    .filter(
      (document) =>
        document._type === RELEASE_TYPE &&
        document._id.startsWith(RELEASE_PREFIX) &&
        document.state === 'scheduled' &&
        typeof document.publishAt === 'string' &&
        Date.parse(document.publishAt) <= now.getTime(),
    )
    .sort((a, b) => Date.parse(a.publishAt as string) - Date.parse(b.publishAt as string))
}

function publishScheduled(lake: ContentLake, release: SanityDocument): ScheduledOutcome {
  const releaseId = release._id.slice(RELEASE_PREFIX.length)
  const publishAt = release.publishAt as string
  const publish = { actionType: 'sanity.action.release.publish', releaseId }
  try {
    const result = lake.transact(actionsToMutations([publish], lake, { asScheduler: true }), {
      identity: SCHEDULER_IDENTITY,
    })
    const documentIds = result.changes
      .map((change) => change.documentId)
      .filter((id) => !id.startsWith('versions.') && !id.startsWith('_.') && !id.startsWith('drafts.'))
    return { releaseId, publishAt, status: 'published', transactionId: result.transactionId, documentIds }
  } catch (error) {
    if (!(error instanceof MutationError)) throw error
    const message = `The scheduled publish at ${publishAt} failed: ${error.message}`
    lake.transact(
      [
        {
          patch: {
            id: releaseDocumentId(releaseId),
            set: { state: 'active', error: { message } },
            unset: ['publishAt'],
          },
        },
      ],
      { identity: SCHEDULER_IDENTITY },
    )
    return { releaseId, publishAt, status: 'failed', message }
  }
}

/** Who the scheduler's transactions are by, in the listen stream and history. */
const SCHEDULER_IDENTITY = 'release-scheduler'

/**
 * A lock one process holds at a time: a file created exclusively with the holder's pid. A lock left by a
 * process that is gone (killed) is taken over.
 */
function processLock(file: string) {
  let held = false
  const take = (): boolean => {
    try {
      mkdirSync(dirname(file), { recursive: true })
      const handle = openSync(file, 'wx')
      writeSync(handle, String(process.pid))
      closeSync(handle)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      return false
    }
  }
  return {
    /** True if this process holds the lock, checked again each time: another may have taken a stale one. */
    hold(): boolean {
      held = held && holderPid(file) === process.pid
      if (held) return true
      if (!take()) {
        if (holderAlive(file)) return false
        rmSync(file, { force: true })
        if (!take()) return false
      }
      held = true
      return held
    },
    release(): void {
      if (held) rmSync(file, { force: true })
      held = false
    },
  }
}

function holderPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8'))
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function holderAlive(file: string): boolean {
  const pid = holderPid(file)
  if (pid === undefined) return false
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
