import { type DeliveryKindJson, type LeadListState, type LeadSummaryJson, leadDeliveryKinds } from '@site/leads/admin'
import type { LeadEventJson } from '@site/leads/followThrough'
import { sql } from 'kysely'
import type { LeadDb } from '../db/database.ts'
import type {
  Delivery,
  DeliveryState,
  JsonObject,
  Lead,
  LeadConsentRecord,
  LeadEvent,
  LeadFormName,
} from '../db/tables.ts'

/** The operator's queries: one lead, lists and exports by filter, counts. */

/** One attempt at a delivery, as `delivery_attempts` records it. */
export interface AttemptRecord {
  attempt: number
  startedAt: Date
  finishedAt: Date | null
  status: number | null
  error: string | null
  nextAttemptAt: Date | null
}

/** A delivery as the operator sees it (no lease bookkeeping), with every attempt, oldest first. */
export type DeliveryRecord = Pick<
  Delivery,
  | 'id'
  | 'destination'
  | 'state'
  | 'attempts'
  | 'next_attempt_at'
  | 'delivered_at'
  | 'last_status'
  | 'last_error'
  | 'message'
> & { attempts_log: AttemptRecord[] }

/** A lead with its deliveries and attempts: what an operator asks "who heard of it, and when?" of. */
export interface LeadRecord {
  lead: Lead
  /** Append-only: every consent this lead gave, oldest first. */
  consents: LeadConsentRecord[]
  /** The webhook's first, then the others (e-mails, chat posts, the digests that list it) by destination. */
  deliveries: DeliveryRecord[]
  /** The webhook's delivery, and its attempts: the one delivery a lead had before notifications. */
  delivery: Omit<DeliveryRecord, 'attempts_log'> | undefined
  attempts: AttemptRecord[]
  /** Its named reasons (spam checks, honeypot, rules), and whether it was quarantined with them. */
  reasons: Array<{ reason: string; held: boolean }>
  /** Its history (followThrough/): taken, handed back, status set, oldest first. */
  events: LeadEventRecord[]
}

/** A history entry as the admin API answers it (LeadEventJson, with its time as a Date). */
export type LeadEventRecord = Omit<LeadEventJson, 'at'> & { at: Date }

export async function findLead(db: LeadDb, leadId: string): Promise<LeadRecord | undefined> {
  const lead = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst()
  if (!lead) return undefined
  const digestKeys = digestKeysOf(lead.notify)
  const rows = await db
    .selectFrom('deliveries')
    .select([
      'id',
      'destination',
      'state',
      'attempts',
      'next_attempt_at',
      'delivered_at',
      'last_status',
      'last_error',
      'message',
    ])
    .where((eb) =>
      digestKeys.length > 0
        ? eb.or([eb('lead_id', '=', leadId), eb('dedupe_key', 'in', digestKeys)])
        : eb('lead_id', '=', leadId),
    )
    .orderBy('destination')
    .execute()
  const attempts =
    rows.length === 0
      ? []
      : await db
          .selectFrom('delivery_attempts')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('attempt')
          .execute()
  const consents = await db
    .selectFrom('lead_consents')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('recorded_at')
    .execute()
  const webhookDestination = `webhook:${lead.form}`
  const deliveries: DeliveryRecord[] = rows
    .map((row) => ({
      ...row,
      attempts_log: attempts
        .filter((a) => a.delivery_id === row.id)
        .map((a) => ({
          attempt: a.attempt,
          startedAt: a.started_at,
          finishedAt: a.finished_at,
          status: a.status,
          error: a.error,
          nextAttemptAt: a.next_attempt_at,
        })),
    }))
    .sort((a, b) => Number(b.destination === webhookDestination) - Number(a.destination === webhookDestination))
  const webhook = deliveries.find((delivery) => delivery.destination === webhookDestination)
  const reasons = await db
    .selectFrom('lead_reasons')
    .select(['reason', 'held'])
    .where('lead_id', '=', leadId)
    .orderBy('reason')
    .execute()
  const events = await db
    .selectFrom('lead_events')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute()
  return {
    lead,
    consents,
    reasons,
    events: events.map((event) => ({
      id: event.id,
      at: event.recorded_at,
      kind: event.kind,
      by: event.actor,
      via: event.via,
      status: event.status,
      value: event.value,
      reason: event.reason,
    })),
    deliveries,
    delivery: webhook && withoutLog(webhook),
    attempts: webhook?.attempts_log ?? [],
  }
}

const UUID_SHAPE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'

/**
 * The ids of the leads whose id starts with `prefix` (as `pnpm leads list` prints ids: lower case, with its
 * hyphens), at most two: none, the one, or enough to say it is ambiguous. A range on the key, so the index
 * answers it on either store; anything not shaped like the start of a UUID matches nothing.
 */
export async function leadIdsStartingWith(db: LeadDb, prefix: string): Promise<string[]> {
  const start = prefix.toLowerCase()
  const shaped = [...start].every((char, index) =>
    UUID_SHAPE[index] === '-' ? char === '-' : UUID_SHAPE[index] === 'x' && /[0-9a-f]/.test(char),
  )
  if (!start || !shaped) return []
  const rest = UUID_SHAPE.slice(start.length)
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('id', '>=', start + rest.replaceAll('x', '0'))
    .where('id', '<=', start + rest.replaceAll('x', 'f'))
    .orderBy('id')
    .limit(2)
    .execute()
  return rows.map((row) => row.id)
}

function withoutLog({ attempts_log: _log, ...delivery }: DeliveryRecord): Omit<DeliveryRecord, 'attempts_log'> {
  return delivery
}

/** The digests a lead is listed in (one per recipient, that day): their keys, as routing.ts makes them. */
function digestKeysOf(notify: JsonObject | null): string[] {
  const digest = notify?.digest
  const at = notify?.digestAt
  if (!Array.isArray(digest) || typeof at !== 'string') return []
  return digest.filter((to): to is string => typeof to === 'string').map((to) => `digest:${to}:${at}`)
}

/** Joins a lead to its webhook's delivery only (one row per lead, however many notifications it has). */
export const webhookOfTheLead = sql<boolean>`deliveries.destination = 'webhook:' || leads.form`

/** Which leads a list or an export shows. */
export interface LeadFilter {
  form?: LeadFormName
  state?: LeadListState
  /** Received at or after / before these times. */
  from?: Date
  to?: Date
  /** Part of the name, e-mail or company, in any case. */
  search?: string
  /** Only leads received before this one in the list's order (the next page). */
  before?: { receivedAt: Date; id: string }
}

/**
 * `state` as the Leads tool names it: `retrying` is a pending delivery that has had an attempt. A lead's
 * state in lists is its webhook delivery's (`webhook:<form>`), one row per lead however many
 * notifications it has.
 */
function filtered(db: LeadDb, filter: LeadFilter) {
  let query = db
    .selectFrom('leads')
    .leftJoin('deliveries', (join) => join.onRef('deliveries.lead_id', '=', 'leads.id').on(webhookOfTheLead))
  if (filter.form) query = query.where('leads.form', '=', filter.form)
  if (filter.from) query = query.where('leads.received_at', '>=', filter.from)
  if (filter.to) query = query.where('leads.received_at', '<', filter.to)
  if (filter.search?.trim()) {
    const pattern = `%${filter.search
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query = query.where(sql<boolean>`leads.search_text like ${pattern} escape '\\'`)
  }
  if (filter.before) {
    const { receivedAt, id } = filter.before
    query = query.where((eb) =>
      eb.or([
        eb('leads.received_at', '<', receivedAt),
        eb.and([eb('leads.received_at', '=', receivedAt), eb('leads.id', '<', id)]),
      ]),
    )
  }
  const state = filter.state
  if (state === 'quarantined') query = query.where('leads.quarantine_reason', 'is not', null)
  else if (state === 'repeat')
    query = query.where('leads.repeat_of', 'is not', null).where('leads.quarantine_reason', 'is', null)
  else if (state === 'no-webhook')
    query = query
      .where('deliveries.id', 'is', null)
      .where('leads.quarantine_reason', 'is', null)
      .where('leads.repeat_of', 'is', null)
  else if (state === 'retrying')
    query = query.where('deliveries.state', '=', 'pending').where('deliveries.attempts', '>', 0)
  else if (state) query = query.where('deliveries.state', '=', state)
  return query
}

/** Leads newest first, with their delivery state (`quarantined`, `repeat`, `no-webhook` for those with none). */
export async function listLeads(db: LeadDb, options: LeadFilter & { limit: number }): Promise<LeadSummary[]> {
  const rows = await filtered(db, options)
    .select([
      'leads.id',
      'leads.form',
      'leads.received_at',
      'leads.quarantine_reason',
      'leads.repeat_of',
      'leads.first_lead',
      'leads.marked_spam_at',
      'leads.payload',
      'leads.notify',
      'deliveries.id as delivery_id',
      'deliveries.state',
      'deliveries.attempts',
      'deliveries.last_status',
      'deliveries.next_attempt_at',
      'deliveries.delivered_at',
    ])
    .orderBy('leads.received_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(options.limit)
    .execute()
  const reasons = await reasonsOf(
    db,
    rows.map((row) => row.id),
  )
  const deliveryKinds = await deliveryKindsOf(db, rows)
  return rows.map((row) => ({
    id: row.id,
    form: row.form,
    receivedAt: row.received_at,
    state: stateOf(row.quarantine_reason, row.repeat_of, row.state),
    quarantineReason: row.quarantine_reason,
    reasons: reasons.get(row.id) ?? [],
    repeatOf: row.repeat_of,
    firstLead: row.first_lead,
    markedSpamAt: row.marked_spam_at,
    ...contactOf(row.payload),
    deliveryId: row.delivery_id,
    attempts: row.attempts ?? 0,
    lastStatus: row.last_status,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    deliveryKinds: deliveryKinds.get(row.id) ?? [],
  }))
}

/**
 * Who heard of each of these leads, by delivery kind: their own deliveries and the digests that list them (found by
 * the digest keys their routing record names, as `findLead` does).
 */
async function deliveryKindsOf(
  db: LeadDb,
  leads: Array<{ id: string; notify: JsonObject | null; quarantine_reason: string | null; repeat_of: string | null }>,
): Promise<Map<string, DeliveryKindJson[]>> {
  const byLead = new Map<string, DeliveryKindJson[]>()
  if (leads.length === 0) return byLead
  const digestKeys = leads.flatMap((lead) => digestKeysOf(lead.notify))
  const rows = await db
    .selectFrom('deliveries')
    .select(['lead_id', 'dedupe_key', 'destination', 'state', 'attempts'])
    .where((eb) => {
      const own = eb(
        'lead_id',
        'in',
        leads.map((lead) => lead.id),
      )
      return digestKeys.length > 0 ? eb.or([own, eb('dedupe_key', 'in', digestKeys)]) : own
    })
    .execute()
  for (const lead of leads) {
    const keys = new Set(digestKeysOf(lead.notify))
    const deliveries = rows.filter(
      (row) => (row.lead_id === lead.id && !row.destination.startsWith('digest:')) || keys.has(row.dedupe_key ?? ''),
    )
    byLead.set(lead.id, leadDeliveryKinds(deliveries, { held: Boolean(lead.quarantine_reason || lead.repeat_of) }))
  }
  return byLead
}

/** A lead's state in lists: held (quarantined, a repeat) before its delivery's. */
function stateOf(
  quarantineReason: string | null,
  repeatOf: string | null,
  delivery: DeliveryState | null,
): LeadListState {
  if (quarantineReason) return 'quarantined'
  if (repeatOf) return 'repeat'
  // Only an e-mail is ever `not-sent`; a webhook delivery never is.
  return delivery === null || delivery === 'not-sent' ? 'no-webhook' : delivery
}

/** The named reasons of these leads, by lead. */
async function reasonsOf(db: LeadDb, ids: string[]): Promise<Map<string, string[]>> {
  const byLead = new Map<string, string[]>()
  if (ids.length === 0) return byLead
  const rows = await db
    .selectFrom('lead_reasons')
    .select(['lead_id', 'reason'])
    .where('lead_id', 'in', ids)
    .orderBy('reason')
    .execute()
  for (const row of rows) byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), row.reason])
  return byLead
}

/** Who a lead is, whichever form it came from. */
export function contactOf(payload: JsonObject): { name: string; email: string; company: string; phone: string } {
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '')
  const name = text('name') || text('fullName') || [text('firstName'), text('lastName')].filter(Boolean).join(' ')
  return { name, email: text('email'), company: text('company'), phone: text('phone') }
}

/** Every lead the filter shows, newest first, with its consents: the rows of an export, a page at a time. */
export async function* exportLeads(
  db: LeadDb,
  filter: LeadFilter,
): AsyncGenerator<{
  lead: Lead
  state: LeadListState
  deliveryKinds: DeliveryKindJson[]
  consents: LeadConsentRecord[]
  events: LeadEvent[]
}> {
  let before = filter.before
  for (;;) {
    const rows = await filtered(db, { ...filter, before })
      .selectAll('leads')
      .select(['deliveries.state as delivery_state'])
      .orderBy('leads.received_at', 'desc')
      .orderBy('leads.id', 'desc')
      .limit(500)
      .execute()
    if (rows.length === 0) return
    const consents = await db
      .selectFrom('lead_consents')
      .selectAll()
      .where(
        'lead_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('recorded_at')
      .execute()
    const deliveryKinds = await deliveryKindsOf(db, rows)
    const events = await db
      .selectFrom('lead_events')
      .selectAll()
      .where(
        'lead_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('recorded_at')
      .execute()
    for (const { delivery_state, ...lead } of rows) {
      const state = stateOf(lead.quarantine_reason, lead.repeat_of, delivery_state)
      yield {
        lead,
        state,
        deliveryKinds: deliveryKinds.get(lead.id) ?? [],
        consents: consents.filter((consent) => consent.lead_id === lead.id),
        events: events.filter((event) => event.lead_id === lead.id),
      }
    }
    const last = rows.at(-1)
    if (!last || rows.length < 500) return
    before = { receivedAt: last.received_at, id: last.id }
  }
}

/** A row of the admin API's list (`LeadSummaryJson`, the contract) with its times as dates, before JSON. */
export type LeadSummary = Omit<LeadSummaryJson, 'receivedAt' | 'nextAttemptAt' | 'deliveredAt' | 'markedSpamAt'> & {
  receivedAt: Date
  nextAttemptAt: Date | null
  deliveredAt: Date | null
  markedSpamAt: Date | null
}

/** How many leads are stored, how many of them the quarantine holds, and for which reasons, most first. */
export async function leadCounts(db: LeadDb): Promise<{
  total: number
  quarantined: number
  heldFor: Array<{ reason: string; count: number }>
}> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.count<string>('quarantine_reason').as('quarantined')])
    .executeTakeFirstOrThrow()
  const reasons = await db
    .selectFrom('lead_reasons')
    .innerJoin('leads', 'leads.id', 'lead_reasons.lead_id')
    .select(['lead_reasons.reason', (eb) => eb.fn.countAll<string>().as('count')])
    .where('lead_reasons.held', '=', true)
    .where('leads.quarantine_reason', 'is not', null)
    .groupBy('lead_reasons.reason')
    .execute()
  const heldFor = reasons
    .map(({ reason, count }) => ({ reason, count: Number(count) }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
  return { total: Number(row.total), quarantined: Number(row.quarantined), heldFor }
}

/** Counts by delivery state: the health a server reports. */
export async function deliveryCounts(db: LeadDb): Promise<Record<DeliveryState, number>> {
  const rows = await db
    .selectFrom('deliveries')
    .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('state')
    .execute()
  const counts: Record<DeliveryState, number> = { pending: 0, delivered: 0, misconfigured: 0, dead: 0, 'not-sent': 0 }
  for (const row of rows) counts[row.state] = Number(row.count)
  return counts
}
