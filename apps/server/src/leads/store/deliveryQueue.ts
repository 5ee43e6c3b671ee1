import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { webhookDestination } from '@site/leads/admin'
import { sql } from 'kysely'
import type { LeadDb } from '../db/database.ts'
import type { DeliveryState, JsonObject, Lead } from '../db/tables.ts'
import type { NotificationPlan } from '../delivery/routing.ts'
import { addDelivery, queueNotifications } from './intake.ts'

/** The delivery queue (the outbox): claiming due deliveries, recording attempts, replaying. */

/** A delivery a worker has claimed: it alone sends this attempt until `leaseUntil`. */
export interface ClaimedDelivery {
  id: string
  /** Null for a team notice (`notice:…`), whose message is rendered when it is queued. */
  leadId: string | null
  destination: string
  attempt: number
  payload: JsonObject
  leaseToken: string
  windowStartedAt: Date
  /** A notification's message: who it is for, or as rendered by an earlier attempt. */
  message: JsonObject | null
  /** The lead, for rendering a notification (absent only if it was erased meanwhile). */
  lead: Pick<Lead, 'id' | 'form' | 'payload' | 'attribution' | 'received_at' | 'notify' | 'first_lead'> | undefined
}

/** Which destinations a worker claims for: one (`webhook:contact`), or all of a kind (`{prefix: 'email:'}`). */
export type DestinationMatch = string | { prefix: string }

/**
 * Claims up to `limit` due deliveries for `destination`: due, pending, and not leased by a live worker.
 * `FOR UPDATE SKIP LOCKED`: processes claiming at once on one PostgreSQL never get the same row. The
 * attempt is recorded as started before it is sent, so an attempt that a dying process sent shows.
 */
export async function claimDueDeliveries(
  db: LeadDb,
  options: { destination: DestinationMatch; limit: number; now: Date; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return []
  const match = options.destination
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('deliveries')
      .select(['id', 'lead_id', 'destination', 'attempts', 'window_started_at', 'message'])
      .where('state', '=', 'pending')
    // A prefix by substr, in both engines: a range (`email:` ≤ d < `email;`) would follow PostgreSQL's
    // collation, which in most locales skips punctuation at first.
    query =
      typeof match === 'string'
        ? query.where('destination', '=', match)
        : query.where(sql<string>`substr(destination, 1, ${match.prefix.length})`, '=', match.prefix)
    const due = await query
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
      .set({
        lease_until: leaseUntil,
        lease_token: leaseToken,
        lease_holder: LEASE_HOLDER,
        attempts: sql`attempts + 1`,
      })
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
    const leadIds = due.map((d) => d.lead_id).filter((id): id is string => id !== null)
    const leads =
      leadIds.length === 0
        ? []
        : await trx
            .selectFrom('leads')
            .select(['id', 'form', 'payload', 'attribution', 'received_at', 'notify', 'first_lead'])
            .where('id', 'in', leadIds)
            .execute()
    const leadOf = new Map(leads.map((lead) => [lead.id, lead]))
    return due.map((delivery) => {
      const lead = delivery.lead_id === null ? undefined : leadOf.get(delivery.lead_id)
      return {
        id: delivery.id,
        leadId: delivery.lead_id,
        destination: delivery.destination,
        attempt: delivery.attempts + 1,
        payload: lead?.payload ?? {},
        leaseToken,
        windowStartedAt: delivery.window_started_at,
        message: delivery.message,
        lead,
      }
    })
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
  /** A notification's message as rendered (kept whether or not it was sent), replacing what was queued. */
  message?: JsonObject
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
        lease_holder: null,
        last_status: outcome.status,
        last_error: outcome.error,
        delivered_at: outcome.state === 'delivered' ? outcome.now : null,
        ...(outcome.message ? { message: JSON.stringify(outcome.message) } : {}),
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

/** This process, as a lease names its holder: the embedded store's processes are all on one machine. */
export const LEASE_HOLDER = `${hostname()}:${process.pid}`

/**
 * Frees the leases of processes of this machine that have ended (killed mid-send): their deliveries are due
 * again at once instead of when the lease runs out. A live process's lease is left alone, so several
 * processes can share the embedded store; a lease with no holder comes from the single-process PGlite store.
 */
export async function releaseLeasesOfEndedProcesses(db: LeadDb, isRunning = processIsRunning): Promise<number> {
  const holders = await db
    .selectFrom('deliveries')
    .select('lease_holder')
    .distinct()
    .where('lease_until', 'is not', null)
    .execute()
  const ended = holders
    .map((row) => row.lease_holder)
    .filter(
      (holder) =>
        holder === null || (holder.startsWith(`${hostname()}:`) && !isRunning(Number(holder.split(':').at(-1)))),
    )
  if (ended.length === 0) return 0
  const result = await db
    .updateTable('deliveries')
    .set({ lease_until: null, lease_token: null, lease_holder: null })
    .where('lease_until', 'is not', null)
    .where((eb) => {
      const named = ended.filter((holder): holder is string => holder !== null)
      const conditions = named.length > 0 ? [eb('lease_holder', 'in', named)] : []
      if (ended.includes(null)) conditions.push(eb('lease_holder', 'is', null))
      return eb.or(conditions)
    })
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

function processIsRunning(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Sends a lead again: a dead-lettered or misconfigured webhook delivery becomes due now with a new retry
 * window, under the same `webhook-id`; a quarantined lead is accepted and gets its delivery. A delivered lead
 * is sent again only when `force` is set. Its notifications that failed for good or were not sent (no mail
 * server then) are due again too, each as the same message (the same `Message-ID`); a lead that has none (held
 * when it came, or stored by a server that named nobody) gets `notifications`, as routed now.
 * `notifications`: the lead's notifications by destination, all of them and those now waiting to be sent.
 */
export async function replayLead(
  db: LeadDb,
  leadId: string,
  options: { now: Date; deliver: boolean; force?: boolean; notifications?: NotificationPlan },
): Promise<{ replayed: boolean; reason?: string; notifications: { all: string[]; waiting: string[] } }> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom('leads').selectAll().where('id', '=', leadId).forUpdate().executeTakeFirst()
    if (!lead) return { replayed: false, reason: 'no such lead', notifications: { all: [], waiting: [] } }
    const again = {
      next_attempt_at: options.now,
      window_started_at: options.now,
      lease_until: null,
      lease_holder: null,
    }
    const resent = await trx
      .updateTable('deliveries')
      .set({ state: 'pending', ...again })
      .where('lead_id', '=', leadId)
      .where('destination', '!=', webhookDestination(lead.form))
      .where('state', 'in', ['misconfigured', 'dead', 'not-sent'])
      .executeTakeFirst()
    let notified = Number(resent.numUpdatedRows) > 0
    const notices = trx
      .selectFrom('deliveries')
      .select(['destination', 'state'])
      .where('lead_id', '=', leadId)
      .where(sql<string>`substr(destination, 1, 8)`, '!=', 'webhook:')
      .where(sql<string>`substr(destination, 1, 6)`, '!=', 'event:')
    // A repeat is notified when the team releases it (store/review.ts), not by a replay.
    if (options.notifications && !lead.repeat_of && (await notices.execute()).length === 0) {
      await queueNotifications(trx, leadId, options.notifications, options.now)
      notified = options.notifications.deliveries.length > 0
    }
    const all = await notices.execute()
    const notifications = {
      all: all.map((row) => row.destination),
      waiting: all.filter((row) => row.state === 'pending').map((row) => row.destination),
    }
    const webhook = await replayWebhook()
    const reason = [webhook.reason, notified ? undefined : 'it has no notification to send again']
      .filter(Boolean)
      .join(', and ')
    if (!webhook.replayed && !notified) return { replayed: false, reason, notifications: notifications }
    if (lead.quarantine_reason) {
      await trx
        .updateTable('leads')
        .set({ quarantine_reason: null, released_at: options.now })
        .where('id', '=', leadId)
        .execute()
    }
    return { replayed: true, notifications: notifications }

    async function replayWebhook(): Promise<{ replayed: boolean; reason?: string }> {
      if (!lead) return { replayed: false, reason: 'no such lead' }
      if (!options.deliver) return { replayed: false, reason: `no webhook is configured for the ${lead.form} form` }
      const delivery = await trx
        .selectFrom('deliveries')
        .selectAll()
        .where('lead_id', '=', leadId)
        .where('destination', '=', webhookDestination(lead.form))
        .executeTakeFirst()
      if (!delivery) {
        await addDelivery(trx, leadId, lead.form, options.now)
        return { replayed: true }
      }
      if (delivery.state === 'pending') return { replayed: false, reason: 'its delivery is still being retried' }
      if (delivery.state === 'delivered' && !options.force) return { replayed: false, reason: 'it was delivered' }
      await trx
        .updateTable('deliveries')
        .set({ state: 'pending', ...again })
        .where('id', '=', delivery.id)
        .execute()
      return { replayed: true }
    }
  })
}
