import { DELIVERY_KINDS, type DeliveryKindJson, type LeadListState } from '@site/leads/admin'
import { CAMPAIGN_KEYS } from '@site/leads/campaignKeys'
import { type SeenVariant, seenVariantsText } from '@site/leads/experiments'
import { scoreOf } from '@site/leads/routing'
import type { Lead, LeadConsentRecord, LeadEvent } from './db/tables.ts'
import { contactOf } from './store/queries.ts'

const TOUCH_FIELDS = ['landingPage', 'referrer', ...CAMPAIGN_KEYS] as const

/** The export's columns, in order: who, where the visit came from (first and last touch), what was agreed to. */
export const LEAD_CSV_COLUMNS = [
  'id',
  'form',
  'received_at',
  'state',
  ...DELIVERY_KINDS.map((kind) => `${kind === 'email' ? 'team_email' : kind}_state`),
  'name',
  'email',
  'phone',
  'company',
  'page',
  ...TOUCH_FIELDS.map((field) => `first_${field}`),
  'first_touch_at',
  ...TOUCH_FIELDS.map((field) => `last_${field}`),
  'last_touch_at',
  'experiments',
  'score',
  'score_reasons',
  'consent_kind',
  'consent_text',
  'consent_checked',
  'consent_document_id',
  'consent_document_rev',
  'consent_recorded_at',
  'consent_page_url',
  'consent_ip_address',
  'consent_user_agent',
  'owner',
  'taken_at',
  'status',
  'status_changed_at',
  'won_value',
  'lost_reason',
  'history',
  'payload',
] as const

type Touch = Partial<Record<(typeof TOUCH_FIELDS)[number] | 'at', string>>

/**
 * One lead as a CSV row (RFC 4180), its latest consent in the consent columns. Each delivery kind's column holds its
 * state (`sent`, `queued`, `none`…: DELIVERY_KIND_STATES), empty where the lead was not routed to it.
 */
export function leadCsvRow(
  lead: Lead,
  state: LeadListState,
  deliveryKinds: DeliveryKindJson[],
  consents: LeadConsentRecord[],
  events: LeadEvent[] = [],
): string {
  const attribution = (lead.attribution ?? {}) as {
    page?: string
    firstTouch?: Touch
    lastTouch?: Touch
    experiments?: SeenVariant[]
  }
  const first = attribution.firstTouch ?? {}
  const last = attribution.lastTouch ?? {}
  const consent = consents.at(-1)
  const who = contactOf(lead.payload)
  const score = scoreOf(lead.notify)
  const values: Array<string | null | undefined> = [
    lead.id,
    lead.form,
    lead.received_at.toISOString(),
    state,
    ...DELIVERY_KINDS.map((kind) => deliveryKinds.find((each) => each.kind === kind)?.state),
    who.name,
    who.email,
    who.phone,
    who.company,
    attribution.page,
    ...TOUCH_FIELDS.map((field) => first[field]),
    first.at,
    ...TOUCH_FIELDS.map((field) => last[field]),
    last.at,
    seenVariantsText(attribution.experiments),
    score === undefined ? '' : String(score.points),
    score?.reasons.join('; '),
    consent?.kind,
    consent?.text,
    consent?.checked === null || consent === undefined ? '' : String(consent.checked),
    consent?.document_id,
    consent?.document_rev,
    consent?.recorded_at.toISOString(),
    consent?.page_url,
    consent?.ip_address,
    consent?.user_agent,
    lead.owner,
    lead.taken_at?.toISOString(),
    lead.status,
    lead.status_changed_at?.toISOString(),
    lead.won_value === null ? '' : String(lead.won_value),
    lead.lost_reason,
    events.map(historyText).join('; '),
    JSON.stringify(lead.payload),
  ]
  return `${values.map(csvCell).join(',')}\r\n`
}

/** `2026-11-27T15:41:00.000Z taken by ana@… via email`: one history entry in the export's history cell. */
function historyText(event: LeadEvent): string {
  const what =
    event.kind === 'status'
      ? `status ${event.status}${event.value === null ? '' : ` ${event.value}`}${event.reason ? ` (${event.reason})` : ''}`
      : event.kind
  return `${event.recorded_at.toISOString()} ${what} by ${event.actor} via ${event.via}`
}

export function leadCsvHeader(): string {
  return `${LEAD_CSV_COLUMNS.join(',')}\r\n`
}

/**
 * A quoted CSV cell. A visitor's text that a spreadsheet would run as a formula (starting with =, +, -, @,
 * tab or carriage return) is prefixed with an apostrophe (OWASP's advice on CSV injection).
 */
function csvCell(value: string | null | undefined): string {
  let text = value ?? ''
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replaceAll('"', '""')}"`
}
