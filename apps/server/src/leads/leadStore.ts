import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { LeadDb } from './db/database.ts'
import type { Delivery, DeliveryState, JsonObject, Lead, LeadConsentRecord, LeadFormName } from './db/tables.ts'

/** A consent as stored: what the browser showed, and what the server saw of the request. */
export type ConsentInput = Omit<LeadConsentRecord, 'id' | 'lead_id'>

export interface StoreLeadInput {
  form: LeadFormName
  idempotencyKey: string
  payload: JsonObject
  /** Why the lead is held back (junk, failed validation); undefined for an accepted lead. */
  quarantineReason?: string
  /** Accepted leads with a configured webhook get a delivery in the outbox, due now. */
  deliver: boolean
  now: Date
  /** Where the visit came from, as the browser sent it. */
  attribution?: JsonObject | null
  /** The consent given or the disclosure shown with this submission. */
  consent?: ConsentInput | null
}

/** The lower-case name, e-mail and company of a payload, which the Leads tool searches. */
export function searchTextOf(payload: JsonObject): string {
  const fields = ['name', 'fullName', 'firstName', 'lastName', 'email', 'company']
  return fields
    .map((field) => payload[field])
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .join(' ')
    .toLowerCase()
}

/**
 * Stores a lead and, for an accepted lead with a webhook, its delivery, in one transaction: the outbox
 * never misses a stored lead. A repeated idempotency key stores nothing and returns the first lead.
 */
export async function storeLead(db: LeadDb, input: StoreLeadInput): Promise<{ id: string; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const id = randomUUID()
    const inserted = await trx
      .insertInto('leads')
      .values({
        id,
        form: input.form,
        idempotency_key: input.idempotencyKey,
        payload: JSON.stringify(input.payload),
        received_at: input.now,
        quarantine_reason: input.quarantineReason ?? null,
        attribution: input.attribution ? JSON.stringify(input.attribution) : null,
        search_text: searchTextOf(input.payload),
      })
      .onConflict((conflict) => conflict.columns(['form', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) {
      // Stored by a concurrent request with the same key, between its check and this insert.
      const existing = await findLeadByKey(trx, input.form, input.idempotencyKey)
      if (!existing) throw new Error('A lead conflicted on its idempotency key but cannot be found')
      return { id: existing.id, created: false }
    }
    if (input.consent)
      await trx
        .insertInto('lead_consents')
        .values({ id: randomUUID(), lead_id: id, ...input.consent })
        .execute()
    if (input.deliver && !input.quarantineReason) await addDelivery(trx, id, input.form, input.now)
    return { id, created: true }
  })
}

async function addDelivery(db: LeadDb, leadId: string, destination: LeadFormName, now: Date) {
  await db
    .insertInto('deliveries')
    .values({
      id: randomUUID(),
      lead_id: leadId,
      destination,
      state: 'pending',
      next_attempt_at: now,
      window_started_at: now,
      lease_until: null,
      lease_token: null,
      delivered_at: null,
      last_status: null,
      last_error: null,
    })
    .execute()
}

/** The lead stored under a form's idempotency key, if any: a repeated submission answers with it. */
export function findLeadByKey(db: LeadDb, form: LeadFormName, idempotencyKey: string) {
  return db
    .selectFrom('leads')
    .select('id')
    .where('form', '=', form)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst()
}

/** A delivery a worker has claimed: it alone sends this attempt until `leaseUntil`. */
export interface ClaimedDelivery {
  id: string
  leadId: string
  destination: LeadFormName
  attempt: number
  payload: JsonObject
  leaseToken: string
  windowStartedAt: Date
}

/**
 * Claims up to `limit` due deliveries for `destination`: due, pending, and not leased by a live worker.
 * `FOR UPDATE SKIP LOCKED`: processes claiming at once on one PostgreSQL never get the same row. The
 * attempt is recorded as started before it is sent, so an attempt that a dying process sent shows.
 */
export async function claimDueDeliveries(
  db: LeadDb,
  options: { destination: LeadFormName; limit: number; now: Date; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return []
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('deliveries')
      .select(['id', 'lead_id', 'attempts', 'window_started_at'])
      .where('state', '=', 'pending')
      .where('destination', '=', options.destination)
      .where('next_attempt_at', '<=', options.now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', options.now)]))
      .orderBy('next_attempt_at')
      .limit(options.limit)
      .forUpdate()
      .skipLocked()
      .execute()
    if (due.length === 0) return []
    const leaseToken = randomUUID()
    const leaseUntil = new Date(options.now.getTime() + options.leaseMs)
    const ids = due.map((delivery) => delivery.id)
    await trx
      .updateTable('deliveries')
      .set({ lease_until: leaseUntil, lease_token: leaseToken, attempts: sql`attempts + 1` })
      .where('id', 'in', ids)
      .execute()
    await trx
      .insertInto('delivery_attempts')
      .values(
        due.map((delivery) => ({
          delivery_id: delivery.id,
          attempt: delivery.attempts + 1,
          started_at: options.now,
          finished_at: null,
          status: null,
          error: null,
          next_attempt_at: null,
        })),
      )
      .execute()
    const leads = await trx
      .selectFrom('leads')
      .select(['id', 'payload'])
      .where(
        'id',
        'in',
        due.map((d) => d.lead_id),
      )
      .execute()
    const payloadOf = new Map(leads.map((lead) => [lead.id, lead.payload]))
    return due.map((delivery) => ({
      id: delivery.id,
      leadId: delivery.lead_id,
      destination: options.destination,
      attempt: delivery.attempts + 1,
      payload: payloadOf.get(delivery.lead_id) ?? {},
      leaseToken,
      windowStartedAt: delivery.window_started_at,
    }))
  })
}

/** What one attempt came to, and what happens next. */
export interface AttemptOutcome {
  status: number | null
  error: string | null
  state: DeliveryState
  /** For a `pending` outcome: when to try again. */
  nextAttemptAt: Date | null
  now: Date
}

/**
 * Records an attempt's outcome, if the claim is still this worker's (its lease token): a worker whose
 * lease ran out records nothing over the attempt of the worker that claimed the delivery next.
 */
export async function recordAttempt(db: LeadDb, claim: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('deliveries')
      .set({
        state: outcome.state,
        next_attempt_at: outcome.nextAttemptAt ?? outcome.now,
        lease_until: null,
        lease_token: null,
        last_status: outcome.status,
        last_error: outcome.error,
        delivered_at: outcome.state === 'delivered' ? outcome.now : null,
      })
      .where('id', '=', claim.id)
      .where('lease_token', '=', claim.leaseToken)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return false
    await trx
      .updateTable('delivery_attempts')
      .set({
        finished_at: outcome.now,
        status: outcome.status,
        error: outcome.error,
        next_attempt_at: outcome.state === 'pending' ? outcome.nextAttemptAt : null,
      })
      .where('delivery_id', '=', claim.id)
      .where('attempt', '=', claim.attempt)
      .execute()
    return true
  })
}

/**
 * The embedded store has one process: at its start, no other worker can be sending, so every lease is
 * from a process that died. Its deliveries are due again at once instead of when the lease runs out.
 */
export async function releaseAllLeases(db: LeadDb): Promise<number> {
  const result = await db
    .updateTable('deliveries')
    .set({ lease_until: null, lease_token: null })
    .where('lease_until', 'is not', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Sends a lead again: a dead-lettered or misconfigured delivery becomes due now with a new retry window,
 * under the same `webhook-id`; a quarantined lead is accepted and gets its delivery. A delivered lead is
 * sent again only when `force` is set.
 */
export async function replayLead(
  db: LeadDb,
  leadId: string,
  options: { now: Date; deliver: boolean; force?: boolean },
): Promise<{ replayed: boolean; reason?: string }> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom('leads').selectAll().where('id', '=', leadId).forUpdate().executeTakeFirst()
    if (!lead) return { replayed: false, reason: 'no such lead' }
    if (!options.deliver) return { replayed: false, reason: `no webhook is configured for the ${lead.form} form` }
    if (lead.quarantine_reason) {
      await trx.updateTable('leads').set({ quarantine_reason: null }).where('id', '=', leadId).execute()
    }
    const delivery = await trx.selectFrom('deliveries').selectAll().where('lead_id', '=', leadId).executeTakeFirst()
    if (!delivery) {
      await addDelivery(trx, leadId, lead.form, options.now)
      return { replayed: true }
    }
    if (delivery.state === 'pending') return { replayed: false, reason: 'its delivery is still being retried' }
    if (delivery.state === 'delivered' && !options.force) return { replayed: false, reason: 'it was delivered' }
    await trx
      .updateTable('deliveries')
      .set({ state: 'pending', next_attempt_at: options.now, window_started_at: options.now, lease_until: null })
      .where('id', '=', delivery.id)
      .execute()
    return { replayed: true }
  })
}

/** A lead with its delivery and attempts: what an operator asks "did it reach the CRM, and when?" of. */
export interface LeadRecord {
  lead: Lead
  /** Append-only: every consent this lead gave, oldest first. */
  consents: LeadConsentRecord[]
  delivery: Delivery | undefined
  attempts: Array<{
    attempt: number
    startedAt: Date
    finishedAt: Date | null
    status: number | null
    error: string | null
    nextAttemptAt: Date | null
  }>
}

export async function findLead(db: LeadDb, leadId: string): Promise<LeadRecord | undefined> {
  const lead = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst()
  if (!lead) return undefined
  const delivery = await db.selectFrom('deliveries').selectAll().where('lead_id', '=', leadId).executeTakeFirst()
  const attempts = delivery
    ? await db
        .selectFrom('delivery_attempts')
        .selectAll()
        .where('delivery_id', '=', delivery.id)
        .orderBy('attempt')
        .execute()
    : []
  const consents = await db
    .selectFrom('lead_consents')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('recorded_at')
    .execute()
  return {
    lead,
    consents,
    delivery,
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      startedAt: a.started_at,
      finishedAt: a.finished_at,
      status: a.status,
      error: a.error,
      nextAttemptAt: a.next_attempt_at,
    })),
  }
}

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

/** `state` as the Leads tool names it: `retrying` is a pending delivery that has had an attempt. */
function filtered(db: LeadDb, filter: LeadFilter) {
  let query = db.selectFrom('leads').leftJoin('deliveries', 'deliveries.lead_id', 'leads.id')
  if (filter.form) query = query.where('leads.form', '=', filter.form)
  if (filter.from) query = query.where('leads.received_at', '>=', filter.from)
  if (filter.to) query = query.where('leads.received_at', '<', filter.to)
  if (filter.search?.trim()) {
    const pattern = `%${filter.search
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query = query.where('leads.search_text', 'like', pattern)
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
  else if (state === 'undelivered')
    query = query.where('deliveries.id', 'is', null).where('leads.quarantine_reason', 'is', null)
  else if (state === 'retrying')
    query = query.where('deliveries.state', '=', 'pending').where('deliveries.attempts', '>', 0)
  else if (state) query = query.where('deliveries.state', '=', state)
  return query
}

/** Leads newest first, with their delivery state (`quarantined` and `undelivered` for those with none). */
export async function listLeads(db: LeadDb, options: LeadFilter & { limit: number }): Promise<LeadSummary[]> {
  const rows = await filtered(db, options)
    .select([
      'leads.id',
      'leads.form',
      'leads.received_at',
      'leads.quarantine_reason',
      'leads.payload',
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
  return rows.map((row) => ({
    id: row.id,
    form: row.form,
    receivedAt: row.received_at,
    state: row.quarantine_reason ? 'quarantined' : (row.state ?? 'undelivered'),
    quarantineReason: row.quarantine_reason,
    ...contactOf(row.payload),
    deliveryId: row.delivery_id,
    attempts: row.attempts ?? 0,
    lastStatus: row.last_status,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
  }))
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
): AsyncGenerator<{ lead: Lead; state: LeadListState; consents: LeadConsentRecord[] }> {
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
    for (const { delivery_state, ...lead } of rows) {
      const state: LeadListState = lead.quarantine_reason ? 'quarantined' : (delivery_state ?? 'undelivered')
      yield { lead, state, consents: consents.filter((consent) => consent.lead_id === lead.id) }
    }
    const last = rows.at(-1)
    if (!last || rows.length < 500) return
    before = { receivedAt: last.received_at, id: last.id }
  }
}

/** What erasing a person removed. */
export interface ErasureReport {
  leads: number
  consents: number
  deliveries: number
  deadLetters: number
  attempts: number
}

/**
 * Erases every lead of this e-mail address (any form, accepted or quarantined, including a quarantined
 * body that merely contains it), with its consents, its outbox delivery (pending or dead-lettered) and its
 * attempts, in one transaction.
 */
export async function forgetPerson(db: LeadDb, email: string): Promise<ErasureReport> {
  const address = email.trim().toLowerCase()
  if (!address) throw new Error('An e-mail address is required')
  return db.transaction().execute(async (trx) => {
    const escaped = address.replace(/[\\%_]/g, (c) => `\\${c}`)
    const leads = await trx
      .selectFrom('leads')
      .select('id')
      .where((eb) =>
        eb.or([
          eb(sql`lower(payload->>'email')`, '=', address),
          eb(sql`lower(payload->>'body')`, 'like', `%${escaped}%`),
        ]),
      )
      .execute()
    return eraseLeads(
      trx,
      leads.map((lead) => lead.id),
    )
  })
}

async function eraseLeads(db: LeadDb, ids: string[]): Promise<ErasureReport> {
  const report: ErasureReport = { leads: 0, consents: 0, deliveries: 0, deadLetters: 0, attempts: 0 }
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000)
    // Locked in the order every other writer takes them (a replay: lead, then delivery; the outbox: delivery,
    // then attempt), so an erasure that meets a send in flight waits for it instead of deadlocking with it.
    await db.selectFrom('leads').select('id').where('id', 'in', chunk).forUpdate().execute()
    const deliveries = await db
      .selectFrom('deliveries')
      .select(['id', 'state'])
      .where('lead_id', 'in', chunk)
      .forUpdate()
      .execute()
    if (deliveries.length > 0) {
      const attempts = await db
        .deleteFrom('delivery_attempts')
        .where(
          'delivery_id',
          'in',
          deliveries.map((d) => d.id),
        )
        .executeTakeFirst()
      report.attempts += Number(attempts.numDeletedRows)
      await db.deleteFrom('deliveries').where('lead_id', 'in', chunk).execute()
    }
    report.deliveries += deliveries.length
    report.deadLetters += deliveries.filter((d) => d.state === 'dead' || d.state === 'misconfigured').length
    const consents = await db.deleteFrom('lead_consents').where('lead_id', 'in', chunk).executeTakeFirst()
    report.consents += Number(consents.numDeletedRows)
    const leads = await db.deleteFrom('leads').where('id', 'in', chunk).executeTakeFirst()
    report.leads += Number(leads.numDeletedRows)
  }
  return report
}

/** Erases the leads of `form` received before `cutoff` (its retention period), with all they hold. */
export async function eraseExpiredLeads(db: LeadDb, form: LeadFormName, cutoff: Date): Promise<ErasureReport> {
  return db.transaction().execute(async (trx) => {
    const leads = await trx
      .selectFrom('leads')
      .select('id')
      .where('form', '=', form)
      .where('received_at', '<', cutoff)
      .execute()
    return eraseLeads(
      trx,
      leads.map((lead) => lead.id),
    )
  })
}

export type LeadListState = DeliveryState | 'retrying' | 'quarantined' | 'undelivered'

export interface LeadSummary {
  id: string
  form: LeadFormName
  receivedAt: Date
  state: LeadListState
  quarantineReason: string | null
  name: string
  email: string
  company: string
  phone: string
  deliveryId: string | null
  attempts: number
  lastStatus: number | null
  nextAttemptAt: Date | null
  deliveredAt: Date | null
}

/** How many leads are stored, and how many of them are quarantined. */
export async function leadCounts(db: LeadDb): Promise<{ total: number; quarantined: number }> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.count<string>('quarantine_reason').as('quarantined')])
    .executeTakeFirstOrThrow()
  return { total: Number(row.total), quarantined: Number(row.quarantined) }
}

/** Counts by delivery state: the health a server reports. */
export async function deliveryCounts(db: LeadDb): Promise<Record<DeliveryState, number>> {
  const rows = await db
    .selectFrom('deliveries')
    .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('state')
    .execute()
  const counts: Record<DeliveryState, number> = { pending: 0, delivered: 0, misconfigured: 0, dead: 0 }
  for (const row of rows) counts[row.state] = Number(row.count)
  return counts
}
