import { createHash } from 'node:crypto'
import type { LeadNoticeJson } from '@site/leads/admin'
import type { LeadFormName } from '@site/leads/forms'
import { type LeadRouting, type LeadRoutingRule, type LeadScore, ROUTING_ANSWERS, scoreLead } from '@site/leads/routing'
import type { JsonObject } from '../db/tables.ts'
import { chatDestination, type NotifyConfig } from './notifyConfig.ts'

/** Who hears of a lead, as decided when it is stored (kept on the lead as `notify`). */
/** Who was to hear of a lead, as stored on it and answered by the admin API (the contract's type). */
export type LeadNotice = LeadNoticeJson

/** One notification to queue with the lead, in the same transaction. */
export interface PlannedDelivery {
  destination: string
  /** Who it is for and what to render: `TeamEmail`, `Confirmation`, `Digest` or `ChatPost` below. */
  message: JsonObject
  /** Unique: a second confirmation to an address in a day, or a second digest, is not queued. */
  dedupeKey: string | null
  dueAt: Date
}

export type NotificationMessage =
  | {
      kind: 'team'
      to: string[]
      rule: string | null
      /** A rotation's offer to one person (followThrough/rotation.ts), or the escalation of a lead nobody took. */
      offer?: boolean
      unanswered?: boolean
    }
  | { kind: 'confirmation'; to: string[]; subject: string; body: string }
  | { kind: 'digest'; to: string[]; from: string; until: string }
  | { kind: 'chat'; channel: string }

export interface NotificationPlan {
  notice: LeadNotice
  deliveries: PlannedDelivery[]
}

/**
 * Whether a rule takes this lead: its forms (none: all), its score band (a lead without a score is outside any
 * band), and each answer it tests (none ticked: any).
 */
export function ruleMatches(
  rule: LeadRoutingRule,
  form: LeadFormName,
  payload: JsonObject,
  score?: LeadScore,
): boolean {
  if (rule.forms.length > 0 && !rule.forms.includes(form)) return false
  if (rule.minScore != null && (score === undefined || score.points < rule.minScore)) return false
  return ROUTING_ANSWERS.every((answer) => {
    const wanted = (rule as unknown as Record<string, unknown>)[answer.name]
    if (!Array.isArray(wanted) || wanted.length === 0) return true
    const given = payload[answer.name]
    return typeof given === 'string' && wanted.includes(given)
  })
}

/** The first digest time after `now`: each day at `hourUtc`. */
export function nextDigestAt(now: Date, hourUtc: number): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc))
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1)
  return at
}

const message = (value: NotificationMessage): JsonObject => ({ ...value })

/** Replaced in a confirmation's body by when the visitor can expect a call ("within the hour", "by 10:00 AM EST on Monday"). */
export const CALL_TIME_PLACEHOLDER = '{callTime}'

/**
 * The notifications of an accepted lead: the first rule it matches (at once when hot, else the daily digest,
 * and its chat channels at once), the document's "otherwise" recipients' digest when none matches, and
 * LEAD_NOTIFY_EMAIL at once when neither says anyone; plus the form's confirmation to the visitor.
 */
export function planNotifications(input: {
  form: LeadFormName
  payload: JsonObject
  routing: LeadRouting | undefined
  config: NotifyConfig
  now: Date
  /** A rotation offers the lead one person at a time (followThrough/rotation.ts): LEAD_NOTIFY_EMAIL is not told at once. */
  rotation?: boolean
  /** When the visitor can expect a call, for a confirmation's `{callTime}` (followThrough/businessHours.ts). */
  callTime?: string
}): NotificationPlan {
  const { form, payload, routing, config, now } = input
  const score = scoreLead(form, payload, routing)
  const rule = routing?.rules.find((candidate) => ruleMatches(candidate, form, payload, score))
  const deliveries: PlannedDelivery[] = []
  const notice: LeadNotice = {
    rev: routing?._rev ?? null,
    rule: rule?.name ?? null,
    hot: false,
    digest: [],
    digestAt: null,
    confirmation: false,
    ...(score ? { score } : {}),
  }
  // One e-mail per recipient: each carries a take link signed for its reader.
  const atOnce = (destination: string, to: string[], ruleName: string | null) => {
    for (const recipient of new Set(to)) {
      deliveries.push({
        destination,
        message: message({ kind: 'team', to: [recipient], rule: ruleName }),
        dedupeKey: null,
        dueAt: now,
      })
    }
  }
  const digest = (recipients: string[]) => {
    notice.digest = recipients
    notice.digestAt = nextDigestAt(now, config.digestHourUtc).toISOString()
    deliveries.push(...digestDeliveries(recipients, config, now))
  }

  if (rule) {
    notice.hot = rule.hot
    if (rule.emails.length > 0) {
      if (rule.hot) atOnce(`email:${rule.name}`, rule.emails, rule.name)
      else digest(rule.emails)
    }
    for (const channel of new Set(rule.channels)) {
      deliveries.push({
        destination: chatDestination(channel),
        message: message({ kind: 'chat', channel }),
        dedupeKey: null,
        dueAt: now,
      })
    }
  } else if (routing && routing.otherwiseEmails.length > 0) digest(routing.otherwiseEmails)
  else if (config.notifyEmails.length > 0 && !input.rotation) atOnce('email:team', config.notifyEmails, null)

  const copy = routing?.confirmations.find((entry) => entry.form === form)
  const email = typeof payload.email === 'string' ? payload.email.trim() : ''
  if (copy && email.includes('@')) {
    notice.confirmation = true
    deliveries.push({
      destination: 'email:visitor',
      message: message({
        kind: 'confirmation',
        to: [email],
        subject: copy.subject,
        body: copy.body.replaceAll(CALL_TIME_PLACEHOLDER, input.callTime ?? 'soon'),
      }),
      dedupeKey: confirmationKey(email, now),
      dueAt: now,
    })
  }
  return { notice, deliveries }
}

/** The day's digest for each recipient: one per recipient and day, however many leads queue it. */
function digestDeliveries(recipients: string[], config: NotifyConfig, now: Date): PlannedDelivery[] {
  const until = nextDigestAt(now, config.digestHourUtc)
  const from = new Date(until.getTime() - 86_400_000)
  return recipients.map((to) => ({
    destination: `digest:${to}`,
    message: message({ kind: 'digest', to: [to], from: from.toISOString(), until: until.toISOString() }),
    dedupeKey: `digest:${to}:${until.toISOString()}`,
    dueAt: until,
  }))
}

/**
 * What a held lead queues: the day's digest of everyone the routing document sends a digest to, so that a day
 * on which the quarantine held every lead still has a digest, and it counts what was held (never silent).
 */
export function heldLeadDigests(routing: LeadRouting | undefined, config: NotifyConfig, now: Date): PlannedDelivery[] {
  if (!routing) return []
  const recipients = new Set([
    ...routing.rules.filter((rule) => !rule.hot).flatMap((rule) => rule.emails),
    ...routing.otherwiseEmails,
  ])
  return digestDeliveries([...recipients], config, now)
}

/**
 * One confirmation per address and UTC day, whichever forms it sent (a second message, another form): a visitor
 * is thanked once a day. The address is kept as a hash only.
 */
export function confirmationKey(email: string, now: Date): string {
  const address = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')
  return `confirm:${address}:${now.toISOString().slice(0, 10)}`
}
