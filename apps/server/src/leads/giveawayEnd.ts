import type { ContentQuery } from '../contentQuery.ts'
import { type LeadLog, logFailure } from './leadLog.ts'

/**
 * The giveaway's end date as the Studio holds it (Site settings' `giveawayEndsAt`), read from the content the
 * build reads and kept for `cacheMs`. Undefined when none is set. When the content cannot be read, the last
 * date read is used; before any was read, entries are taken (a lead is never lost to the content being down).
 */
export function giveawayEndReader(options: {
  query: ContentQuery
  cacheMs: number
  log: LeadLog
  now?: () => number
}): () => Promise<Date | undefined> {
  const now = options.now ?? Date.now
  let cached: { at: number; end: Date | undefined } | undefined
  let reading: Promise<Date | undefined> | undefined

  const read = async () => {
    try {
      const value = await options.query<unknown>('*[_id == "siteSettings"][0].giveawayEndsAt', {})
      const time = typeof value === 'string' ? Date.parse(value) : Number.NaN
      const end = Number.isNaN(time) ? undefined : new Date(time)
      cached = { at: now(), end }
      return end
    } catch (error) {
      logFailure(options.log, 'giveaway-end-read-failed', error)
      return cached?.end
    } finally {
      reading = undefined
    }
  }

  return async () => {
    if (cached && now() - cached.at < options.cacheMs) return cached.end
    reading ??= read()
    return reading
  }
}
