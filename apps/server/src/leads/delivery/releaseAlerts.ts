import { createHash, randomUUID } from 'node:crypto'
import type { ContentQuery } from '../../contentQuery.ts'
import { runPeriodically } from '../../periodic.ts'
import type { LeadDb } from '../db/database.ts'
import { type LeadLog, logFailure } from '../leadLog.ts'
import { queueTeamNotice } from '../store/intake.ts'
import { chatDestination, type NotifyConfig } from './notifyConfig.ts'
import { type FailedRelease, releaseAlertChat, releaseAlertEmail } from './releaseAlertMessage.tsx'
import { messageIdOf } from './renderMessage.tsx'

/**
 * The releases that failed to go live and are not done with: the scheduler (the lake's, or Sanity's) puts its
 * reason in `error.message` and leaves the release open (https://www.sanity.io/docs/user-guides/content-releases).
 */
const FAILED_RELEASES = `*[_type == "system.release" && defined(error.message) && !(state in ["archived", "published"])]{
  _id, "title": metadata.title, "message": error.message, "intendedAt": metadata.intendedPublishAt
}`

interface FailedReleaseRow {
  _id: string
  title?: string | null
  message: string
  intendedAt?: string | null
}

/** The e-mail of a failed release goes as one message to every address (RELEASE_ALERT_EMAIL). */
const RELEASE_ALERT_EMAIL_DESTINATION = 'email:release-alert'

export interface ReleaseAlerts {
  stop: () => Promise<void>
}

/**
 * Tells the team, through the outbox as a lead's notifications go (e-mail and chat, retried until they
 * arrive), of each release that did not go live at its time: every few seconds it reads the releases with an
 * error and queues one notice per failure and destination. A notice's dedupe key is the release and its
 * reason, so a failure is told once, across restarts and processes of the store; a new failure of the same
 * release is told again.
 */
export function startReleaseAlerts(options: {
  db: LeadDb
  /** The content with the `raw` perspective: releases are not published documents. */
  query: ContentQuery
  config: NotifyConfig
  log: LeadLog
  everyMs: number
  wakeOutbox: () => void
  now?: () => Date
}): ReleaseAlerts {
  const { config, log } = options
  const now = options.now ?? (() => new Date())
  const told = new Set<string>()
  let failing = false

  const queueNotices = async (release: FailedRelease): Promise<number> => {
    const key = `release-failed:${release.releaseId}:${createHash('sha256').update(release.message).digest('hex').slice(0, 16)}`
    if (told.has(key)) return 0
    const notices: Array<{ destination: string; build: (id: string) => Promise<object> | object }> = [
      ...(config.releaseAlertEmails.length > 0
        ? [
            {
              destination: RELEASE_ALERT_EMAIL_DESTINATION,
              build: (id: string) =>
                releaseAlertEmail(release, config.releaseAlertEmails, config, messageIdOf(id, config.from)),
            },
          ]
        : []),
      ...config.releaseAlertChannels.map((channel) => ({
        destination: chatDestination(channel),
        build: () =>
          releaseAlertChat(release, channel, config.chatChannels[channel]?.format ?? 'slack', config.studioUrl),
      })),
    ]
    let queued = 0
    for (const notice of notices) {
      const id = randomUUID()
      const message = { ...(await notice.build(id)) }
      const dedupeKey = `${key}:${notice.destination}`
      if (await queueTeamNotice(options.db, { id, destination: notice.destination, message, dedupeKey }, now()))
        queued++
    }
    told.add(key)
    if (queued > 0 || notices.length === 0) {
      log.error('release-publish-failed', {
        release: release.releaseId,
        reason: release.message,
        told: notices.map((notice) => notice.destination).join(', '),
        ...(notices.length === 0
          ? { action: 'nobody was told: set RELEASE_ALERT_EMAIL (or LEAD_NOTIFY_EMAIL) or LEAD_CHAT_WEBHOOKS' }
          : {}),
      })
    }
    return queued
  }

  const check = async (): Promise<void> => {
    const rows = await options.query<FailedReleaseRow[]>(FAILED_RELEASES, {})
    let queued = 0
    for (const row of rows ?? []) {
      queued += await queueNotices({
        releaseId: row._id.replace(/^_\.releases\./, ''),
        title: row.title || 'Untitled release',
        message: row.message,
        intendedAt: validDate(row.intendedAt),
      })
    }
    failing = false
    if (queued > 0) options.wakeOutbox()
  }

  return runPeriodically(options.everyMs, check, (error) => {
    // Logged once until a read succeeds again.
    if (!failing) logFailure(log, 'release-alerts-read-failed', error)
    failing = true
  })
}

function validDate(value: string | null | undefined): Date | undefined {
  const date = value ? new Date(value) : undefined
  return date && !Number.isNaN(date.getTime()) ? date : undefined
}
