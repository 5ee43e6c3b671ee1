import { ConfigurationError } from '../leadLog.ts'

/** The team's time zone (LEAD_TEAM_TIME_ZONE, an IANA name such as America/New_York); UTC when unset. */
export function teamTimeZoneFromEnv(value: string | undefined): string {
  const zone = value?.trim() || 'UTC'
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    throw new ConfigurationError(`LEAD_TEAM_TIME_ZONE: an IANA time zone such as America/New_York (got "${zone}")`)
  }
}

const utcText = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`

/**
 * A time as the team reads it: in its own zone, with UTC beside it for anyone elsewhere
 * (`Fri, Nov 27, 10:05 AM EST (2026-11-27 15:05 UTC)`); UTC alone when the team's zone is UTC.
 */
export function teamTime(at: Date, timeZone: string): string {
  if (timeZone === 'UTC') return utcText(at)
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at)
  return `${local} (${utcText(at)})`
}
