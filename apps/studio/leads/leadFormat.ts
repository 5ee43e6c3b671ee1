import type { BadgeTone } from '@sanity/ui'
import {
  ANOTHER_MESSAGE_TITLE,
  type DeliveryKindJson,
  type DeliveryKindState,
  type DeliveryState,
  deliveryKindText,
  LEAD_STATE_TITLES,
  type LeadListState,
} from '@site/leads/admin'

/** Times as the reader reads them: in their browser's language and time zone, the zone named. */
const DATE_TIME = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})
const TIME_WITH_SECONDS = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
})
const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

const valid = (iso: string | null | undefined): Date | undefined => {
  const date = iso ? new Date(iso) : undefined
  return date && !Number.isNaN(date.getTime()) ? date : undefined
}

/** "Nov 26, 2026, 10:52 AM GMT+1"; an em dash when there is no time. */
export function readableTime(iso: string | null | undefined): string {
  const date = valid(iso)
  return date ? DATE_TIME.format(date) : '—'
}

/** "Nov 26, 10:52:03 AM": an attempt's time, where seconds matter. */
export function attemptTime(iso: string | null | undefined): string {
  const date = valid(iso)
  return date ? TIME_WITH_SECONDS.format(date) : '—'
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
]

/** "5 minutes ago", "in 30 seconds". */
export function relativeTime(iso: string | null | undefined, now = Date.now()): string {
  const date = valid(iso)
  if (!date) return ''
  const difference = date.getTime() - now
  const [unit, size] = UNITS.find(([, length]) => Math.abs(difference) >= length) ?? ['second', 1000]
  return RELATIVE.format(Math.round(difference / size), unit)
}

const STATE_TONES: Record<LeadListState, BadgeTone> = {
  pending: 'caution',
  retrying: 'caution',
  delivered: 'positive',
  misconfigured: 'critical',
  dead: 'critical',
  quarantined: 'caution',
  repeat: 'default',
  'no-webhook': 'default',
}

const KIND_TONES: Record<DeliveryKindState, BadgeTone> = {
  sent: 'positive',
  queued: 'caution',
  retrying: 'caution',
  'not-sent': 'default',
  misconfigured: 'critical',
  dead: 'critical',
  none: 'default',
}

/**
 * A lead's badges: held (quarantined, a repeat) first, or another message from a person who wrote before, then who
 * heard of it, one per delivery kind ("Team e-mail: sent", "Webhook: none set"), in the words `pnpm leads` prints.
 */
export function leadBadges(lead: {
  state: LeadListState
  deliveryKinds?: DeliveryKindJson[]
  firstLead?: string | null
}): Array<{
  title: string
  tone: BadgeTone
}> {
  const held =
    lead.state === 'quarantined' || lead.state === 'repeat'
      ? [{ title: LEAD_STATE_TITLES[lead.state], tone: STATE_TONES[lead.state] }]
      : lead.firstLead
        ? [{ title: ANOTHER_MESSAGE_TITLE, tone: 'primary' as const }]
        : []
  return [
    ...held,
    ...(lead.deliveryKinds ?? []).map((each) => ({ title: deliveryKindText(each), tone: KIND_TONES[each.state] })),
  ]
}

const DELIVERY_TITLES: Record<DeliveryState, string> = {
  pending: 'Queued',
  delivered: 'Delivered',
  misconfigured: 'Misconfigured',
  dead: 'Dead-lettered',
  'not-sent': 'Not sent: no mail server configured',
}

/** A delivery's badge: a pending delivery that has had an attempt is retrying. */
export function deliveryStateBadge(delivery: { state: DeliveryState; attempts: number }): {
  title: string
  tone: BadgeTone
} {
  if (delivery.state === 'pending') {
    return delivery.attempts > 0 ? { title: 'Retrying', tone: 'caution' } : { title: 'Queued', tone: 'caution' }
  }
  if (delivery.state === 'not-sent') return { title: DELIVERY_TITLES['not-sent'], tone: 'default' }
  return { title: DELIVERY_TITLES[delivery.state], tone: STATE_TONES[delivery.state] }
}

/** "1 attempt", "3 attempts". */
export const attemptsText = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`
