import { randomUUID } from 'node:crypto'
import { webhookDestination } from '@site/leads/admin'
import type { LeadDb } from '../db/database.ts'
import type { JsonObject, LeadConsentRecord, LeadFormName } from '../db/tables.ts'
import type { NotificationPlan, PlannedDelivery } from '../delivery/routing.ts'
import { normalisedAnswers } from './sameAnswers.ts'

/** Intake: a lead, its consent and its delivery stored in one transaction. */

/** A consent as stored: what the browser showed, and what the server saw of the request. */
export type ConsentInput = Omit<LeadConsentRecord, 'id' | 'lead_id'>

export interface StoreLeadInput {
  form: LeadFormName
  idempotencyKey: string
  payload: JsonObject
  /** Why the lead is held back (junk, failed validation), in words; undefined for an accepted lead. */
  quarantineReason?: string
  /** The named reasons it was held for or flagged with (@site/leads/spam), counted per day. */
  reasons?: readonly string[]
  /**
   * Set for an accepted lead: an earlier accepted lead of the same form, e-mail and answers (`normalisedAnswers`)
   * received since then makes this one its repeat, stored without a delivery.
   */
  repeatsSince?: Date
  /** Accepted leads with a configured webhook get a delivery in the outbox, due now. */
  deliver: boolean
  now: Date
  /** Where the visit came from, as the browser sent it. */
  attribution?: JsonObject | null
  /** The consent given or the disclosure shown with this submission. */
  consent?: ConsentInput | null
  /** An accepted lead's notifications (e-mail, chat, digest, the visitor's confirmation), as routed. */
  notifications?: NotificationPlan
  /** A held lead's digests (delivery/routing.ts heldLeadDigests): the day's digest counts what was held. */
  heldDigests?: PlannedDelivery[]
  /** Why the figures do not count the visit it came from (insights/visitCounting.ts); undefined: counted. */
  uncountedVisit?: string
  /** When its first rotation offer is due and when it escalates if nobody takes it (followThrough/rotation.ts). */
  followThrough?: { offerDueAt: Date | null; escalateAt: Date | null }
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
export async function storeLead(
  db: LeadDb,
  input: StoreLeadInput,
): Promise<{ id: string; created: boolean; repeatOf?: string; firstLead?: string }> {
  return db.transaction().execute(async (trx) => {
    const id = randomUUID()
    const email = emailOf(input.payload)
    const repeatOf =
      input.repeatsSince && email && !input.quarantineReason
        ? await repeatedLead(trx, { form: input.form, email, payload: input.payload, since: input.repeatsSince })
        : undefined
    const firstLead = email ? await firstLeadFrom(trx, email) : undefined
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
        email,
        repeat_of: repeatOf ?? null,
        first_lead: firstLead ?? null,
        released_at: null,
        marked_spam_at: null,
        routing_rev: input.notifications?.notice.rev ?? null,
        offer_until: input.followThrough?.offerDueAt ?? null,
        escalate_at: input.followThrough?.escalateAt ?? null,
        notify: input.notifications ? JSON.stringify(input.notifications.notice) : null,
        uncounted_visit: input.uncountedVisit ?? null,
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
    const reasons = [...new Set(input.reasons ?? [])]
    if (reasons.length > 0)
      await trx
        .insertInto('lead_reasons')
        .values(reasons.map((reason) => ({ lead_id: id, reason, held: Boolean(input.quarantineReason) })))
        .execute()
    if (!input.quarantineReason && !repeatOf) {
      if (input.deliver) await addDelivery(trx, id, input.form, input.now)
      if (input.notifications) await queueNotifications(trx, id, input.notifications, input.now)
    } else if (input.quarantineReason)
      for (const digest of input.heldDigests ?? []) await addNotification(trx, id, digest, input.now)
    return { id, created: true, ...(repeatOf ? { repeatOf } : {}), ...(firstLead ? { firstLead } : {}) }
  })
}

/** The payload's e-mail as repeats are matched: trimmed, lower case; null without one. */
function emailOf(payload: JsonObject): string | null {
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : ''
  return email ? email.slice(0, 320) : null
}

/**
 * The first accepted, not repeated lead of this form and e-mail received since `since` whose answers are this
 * payload's (`normalisedAnswers`): the lead this one repeats. A person's leads in one window are few.
 */
async function repeatedLead(
  db: LeadDb,
  lead: { form: LeadFormName; email: string; payload: JsonObject; since: Date },
): Promise<string | undefined> {
  const earlier = await db
    .selectFrom('leads')
    .select(['id', 'payload'])
    .where('form', '=', lead.form)
    .where('email', '=', lead.email)
    .where('received_at', '>=', lead.since)
    .where('quarantine_reason', 'is', null)
    .where('repeat_of', 'is', null)
    .orderBy('received_at')
    .orderBy('id')
    .execute()
  const answers = normalisedAnswers(lead.payload)
  return earlier.find((candidate) => normalisedAnswers(candidate.payload) === answers)?.id
}

/**
 * The first lead this e-mail sent, on any form and at any time the store still keeps, that was not held (in the
 * quarantine, or as a repeat): a new lead from the same address is another message from that person.
 */
async function firstLeadFrom(db: LeadDb, email: string): Promise<string | undefined> {
  const first = await db
    .selectFrom('leads')
    .select('id')
    .where('email', '=', email)
    .where('quarantine_reason', 'is', null)
    .where('repeat_of', 'is', null)
    .orderBy('received_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return first?.id
}

/**
 * Queues an accepted lead's notifications as routed; a confirmation whose dedupe key is taken (today's went
 * out already) is noted on the lead as not sent.
 */
export async function queueNotifications(db: LeadDb, leadId: string, plan: NotificationPlan, now: Date) {
  let confirmed = false
  for (const planned of plan.deliveries) {
    const queued = await addNotification(db, leadId, planned, now)
    if (planned.destination === 'email:visitor') confirmed = queued
  }
  if (plan.notice.confirmation && !confirmed) {
    const notice = { ...plan.notice, confirmation: false }
    await db
      .updateTable('leads')
      .set({ notify: JSON.stringify(notice) })
      .where('id', '=', leadId)
      .execute()
  }
}

export async function addDelivery(db: LeadDb, leadId: string, form: LeadFormName, now: Date) {
  await db
    .insertInto('deliveries')
    .values(newDelivery(leadId, webhookDestination(form), now, now))
    .execute()
}

/**
 * Queues a notification (`leadId` null: a team notice about no lead, such as a release that failed, its message
 * rendered and its id the one its Message-ID names); false when its dedupe key is taken (today's confirmation or
 * digest is queued, or another process of the store queued the notice).
 */
async function addNotification(
  db: LeadDb,
  leadId: string | null,
  planned: PlannedDelivery & { id?: string },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('deliveries')
    .values({
      ...newDelivery(leadId, planned.destination, planned.dueAt, now),
      ...(planned.id ? { id: planned.id } : {}),
      message: JSON.stringify(planned.message),
      dedupe_key: planned.dedupeKey,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

export function queueTeamNotice(
  db: LeadDb,
  notice: { id: string; destination: string; message: JsonObject; dedupeKey: string },
  now: Date,
): Promise<boolean> {
  return addNotification(db, null, { ...notice, dueAt: now }, now)
}

function newDelivery(leadId: string | null, destination: string, dueAt: Date, now: Date) {
  return {
    id: randomUUID(),
    lead_id: leadId,
    destination,
    state: 'pending' as const,
    next_attempt_at: dueAt,
    window_started_at: now,
    lease_until: null,
    lease_token: null,
    lease_holder: null,
    delivered_at: null,
    last_status: null,
    last_error: null,
  }
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
