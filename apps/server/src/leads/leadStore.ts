import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { LeadDb } from './db/database.ts'
import type { Delivery, DeliveryState, JsonObject, Lead, LeadFormName } from './db/tables.ts'

export interface StoreLeadInput {
  form: LeadFormName
  idempotencyKey: string
  payload: JsonObject
  /** Why the lead is held back (junk, failed validation); undefined for an accepted lead. */
  quarantineReason?: string
  /** Accepted leads with a configured webhook get a delivery in the outbox, due now. */
  deliver: boolean
  now: Date
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
  return {
    lead,
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

/** Leads newest first, with their delivery state (`quarantined` and `undelivered` for those with none). */
export async function listLeads(
  db: LeadDb,
  options: { form?: LeadFormName; state?: LeadListState; limit: number },
): Promise<LeadSummary[]> {
  let query = db
    .selectFrom('leads')
    .leftJoin('deliveries', 'deliveries.lead_id', 'leads.id')
    .select([
      'leads.id',
      'leads.form',
      'leads.received_at',
      'leads.quarantine_reason',
      'deliveries.id as delivery_id',
      'deliveries.state',
      'deliveries.attempts',
      'deliveries.last_status',
      'deliveries.next_attempt_at',
      'deliveries.delivered_at',
    ])
    .orderBy('leads.received_at', 'desc')
    .limit(options.limit)
  if (options.form) query = query.where('leads.form', '=', options.form)
  if (options.state === 'quarantined') query = query.where('leads.quarantine_reason', 'is not', null)
  else if (options.state === 'undelivered')
    query = query.where('deliveries.id', 'is', null).where('leads.quarantine_reason', 'is', null)
  else if (options.state) query = query.where('deliveries.state', '=', options.state)
  const rows = await query.execute()
  return rows.map((row) => ({
    id: row.id,
    form: row.form,
    receivedAt: row.received_at,
    state: row.quarantine_reason ? 'quarantined' : (row.state ?? 'undelivered'),
    quarantineReason: row.quarantine_reason,
    deliveryId: row.delivery_id,
    attempts: row.attempts ?? 0,
    lastStatus: row.last_status,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
  }))
}

export type LeadListState = DeliveryState | 'quarantined' | 'undelivered'

export interface LeadSummary {
  id: string
  form: LeadFormName
  receivedAt: Date
  state: LeadListState
  quarantineReason: string | null
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
