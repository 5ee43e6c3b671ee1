import { ROUTING_NAME_PATTERN } from '@site/leads/routing'
import { ConfigurationError } from '../leadLog.ts'
import { teamTimeZoneFromEnv } from './teamTime.ts'

/** Where notifications go and how they are sent, from the environment (see .env.example). */
export interface NotifyConfig {
  /** `smtp://user:pass@host:587`, `smtps://…`; unset: this process sends no e-mail and leaves it to one that can. */
  smtpUrl: string | undefined
  /** The sender of every e-mail (LEAD_EMAIL_FROM). */
  from: string
  /** With no routing document, every lead goes to these at once (LEAD_NOTIFY_EMAIL). */
  notifyEmails: string[]
  /** Chat channels by name: a Slack incoming webhook, or a Microsoft Teams workflow (`teams:<url>`). */
  chatChannels: Record<string, ChatChannel>
  /** Who hears of a release that failed to publish at its time (RELEASE_ALERT_EMAIL, else LEAD_NOTIFY_EMAIL). */
  releaseAlertEmails: string[]
  /** The chat channels that hear of it (RELEASE_ALERT_CHAT, names from LEAD_CHAT_WEBHOOKS); unset: all; `none`: none. */
  releaseAlertChannels: string[]
  /** How often the releases are read for one that failed (RELEASE_ALERT_POLL_MS; 5 s offline, 30 s hosted). */
  releaseAlertPollMs: number
  /** The hour (UTC) each day's digest goes out; it lists the leads of the 24 hours before (LEAD_DIGEST_HOUR_UTC). */
  digestHourUtc: number
  /** The zone the team's e-mails give times in, beside UTC (LEAD_TEAM_TIME_ZONE). */
  teamTimeZone: string
  /** The Studio whose Leads tool a notification links to (LEAD_STUDIO_URL, else SANITY_STUDIO_URL). */
  studioUrl: string
  /** How long a read routing document is used before it is read again (LEAD_ROUTING_CACHE_MS). */
  routingCacheMs: number
  /** At most this many e-mails (and, apart, chat posts) are sent at once from this process. */
  maxConcurrentSends: number
}

export interface ChatChannel {
  format: 'slack' | 'teams'
  url: string
}

/** A chat channel's deliveries: the destination a lead's post to it is queued under. */
export function chatDestination(channel: string): string {
  return `chat:${channel}`
}

function addresses(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/** `sales=https://hooks.slack.com/…,imo=teams:https://…`: names as the routing document's rules use them. */
export function chatChannelsFromEnv(value: string | undefined): Record<string, ChatChannel> {
  const channels: Record<string, ChatChannel> = {}
  for (const entry of addresses(value)) {
    const at = entry.indexOf('=')
    const name = entry.slice(0, at).trim()
    const target = entry.slice(at + 1).trim()
    const teams = target.startsWith('teams:')
    const url = teams ? target.slice('teams:'.length) : target
    if (at < 1 || !ROUTING_NAME_PATTERN.test(name) || !/^https?:\/\//.test(url)) {
      throw new ConfigurationError(
        `LEAD_CHAT_WEBHOOKS: each entry is name=https://… or name=teams:https://…, the name in lower case (got an entry named "${name}")`,
      )
    }
    channels[name] = { format: teams ? 'teams' : 'slack', url }
  }
  return channels
}

export function notifyConfigFromEnv(env: NodeJS.ProcessEnv): NotifyConfig {
  const hour = Number(env.LEAD_DIGEST_HOUR_UTC || 17)
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw new ConfigurationError('LEAD_DIGEST_HOUR_UTC: a whole hour from 0 to 23')
  }
  const chatChannels = chatChannelsFromEnv(env.LEAD_CHAT_WEBHOOKS)
  const alertChannels = !env.RELEASE_ALERT_CHAT
    ? Object.keys(chatChannels)
    : env.RELEASE_ALERT_CHAT.trim() === 'none'
      ? []
      : addresses(env.RELEASE_ALERT_CHAT)
  const unknown = alertChannels.find((name) => !chatChannels[name])
  if (unknown) throw new ConfigurationError(`RELEASE_ALERT_CHAT: "${unknown}" is not a channel of LEAD_CHAT_WEBHOOKS`)
  return {
    smtpUrl: env.SMTP_URL || undefined,
    from: env.LEAD_EMAIL_FROM || 'AdvisorGrowth leads <leads@localhost>',
    notifyEmails: addresses(env.LEAD_NOTIFY_EMAIL),
    chatChannels,
    releaseAlertEmails: addresses(env.RELEASE_ALERT_EMAIL || env.LEAD_NOTIFY_EMAIL),
    releaseAlertChannels: alertChannels,
    // Hosted, each read is a request against the project's API quota: every 30 s is about 86,000 a month.
    releaseAlertPollMs: Number(env.RELEASE_ALERT_POLL_MS || (env.SANITY_PROJECT_ID ? 30_000 : 5_000)),
    digestHourUtc: hour,
    teamTimeZone: teamTimeZoneFromEnv(env.LEAD_TEAM_TIME_ZONE),
    studioUrl: (env.LEAD_STUDIO_URL || env.SANITY_STUDIO_URL || 'http://localhost:3333').replace(/\/+$/, ''),
    routingCacheMs: Number(env.LEAD_ROUTING_CACHE_MS || 2_000),
    maxConcurrentSends: Number(env.LEAD_NOTIFY_CONCURRENCY || 4),
  }
}
