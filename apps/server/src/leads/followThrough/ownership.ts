import { randomUUID } from 'node:crypto'
import {
  LEAD_WEBHOOK_EVENT_TYPES,
  type LeadEventKind,
  type LeadEventVia,
  type LeadStatusChange,
} from '@site/leads/followThrough'
import type { LeadDb } from '../db/database.ts'
import type { JsonObject, Lead } from '../db/tables.ts'

/**
 * Taking a lead, handing it back and setting its status: each one transaction that changes the lead only if
 * it may (the first taker wins: `owner is null` is part of the update, so two processes on one store never
 * give a lead two owners), appends the history entry, and queues the webhook event in the outbox.
 */

export interface Actor {
  by: string
  via: LeadEventVia
  now: Date
  /** Queue a webhook event (LEAD_EVENTS_WEBHOOK_URL is set). */
  events: boolean
}

export type TakeOutcome =
  | { taken: true; owner: string; takenAt: Date }
  | { taken: false; reason: 'no-such-lead' | 'held' | 'taken'; owner: string | null; takenAt: Date | null }

export async function takeLead(db: LeadDb, leadId: string, actor: Actor): Promise<TakeOutcome> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('leads')
      .set({ owner: actor.by, taken_at: actor.now })
      .where('id', '=', leadId)
      .where('owner', 'is', null)
      .where('quarantine_reason', 'is', null)
      .where('repeat_of', 'is', null)
      .returning(['id'])
      .executeTakeFirst()
    if (updated) {
      await record(trx, leadId, 'taken', actor, {})
      return { taken: true as const, owner: actor.by, takenAt: actor.now }
    }
    const lead = await trx
      .selectFrom('leads')
      .select(['owner', 'taken_at', 'quarantine_reason', 'repeat_of'])
      .where('id', '=', leadId)
      .executeTakeFirst()
    if (!lead) return { taken: false as const, reason: 'no-such-lead' as const, owner: null, takenAt: null }
    const held = lead.quarantine_reason !== null || lead.repeat_of !== null
    return {
      taken: false as const,
      reason: held ? ('held' as const) : ('taken' as const),
      owner: lead.owner,
      takenAt: lead.taken_at,
    }
  })
}

/** The owner gives the lead back (`onlyIf`: the owner it must have; without it, whoever owns it). */
export async function handBackLead(
  db: LeadDb,
  leadId: string,
  actor: Actor,
  onlyIf?: string,
): Promise<{ handedBack: boolean }> {
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('leads')
      .set({ owner: null, taken_at: null })
      .where('id', '=', leadId)
      .where('owner', 'is not', null)
    if (onlyIf !== undefined) update = update.where('owner', '=', onlyIf)
    const updated = await update.returning(['id']).executeTakeFirst()
    if (updated) await record(trx, leadId, 'handed-back', actor, {})
    return { handedBack: Boolean(updated) }
  })
}

/** Sets the status (a won lead's value, a lost lead's reason); false when there is no such lead. */
export async function setLeadStatus(
  db: LeadDb,
  leadId: string,
  change: LeadStatusChange,
  actor: Actor,
): Promise<{ found: boolean }> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('leads')
      .set({
        status: change.status,
        status_changed_at: actor.now,
        won_value: change.status === 'won' ? (change.value ?? null) : null,
        lost_reason: change.status === 'lost' ? (change.reason ?? null) : null,
      })
      .where('id', '=', leadId)
      .returning(['id'])
      .executeTakeFirst()
    if (updated) await record(trx, leadId, 'status', actor, change)
    return { found: Boolean(updated) }
  })
}

async function record(
  db: LeadDb,
  leadId: string,
  kind: LeadEventKind,
  actor: Actor,
  change: Partial<LeadStatusChange>,
): Promise<void> {
  const id = randomUUID()
  const entry = {
    id,
    lead_id: leadId,
    recorded_at: actor.now,
    kind,
    actor: actor.by,
    via: actor.via,
    status: change.status ?? null,
    value: change.value ?? null,
    reason: change.reason ?? null,
  }
  await db.insertInto('lead_events').values(entry).execute()
  if (!actor.events) return
  const lead = await db
    .selectFrom('leads')
    .select(['owner', 'status', 'form'])
    .where('id', '=', leadId)
    .executeTakeFirst()
  const type = LEAD_WEBHOOK_EVENT_TYPES[kind]
  await db
    .insertInto('deliveries')
    .values({
      id: randomUUID(),
      lead_id: leadId,
      destination: `event:${type}`,
      state: 'pending',
      next_attempt_at: actor.now,
      window_started_at: actor.now,
      lease_until: null,
      lease_token: null,
      lease_holder: null,
      delivered_at: null,
      last_status: null,
      last_error: null,
      message: JSON.stringify(webhookEvent(type, entry, lead)),
      dedupe_key: null,
    })
    .execute()
}

/** The event a CRM receives (Standard Webhooks' `type`, `timestamp`, `data`): what changed, by whom, the lead now. */
function webhookEvent(
  type: string,
  entry: { id: string; lead_id: string; recorded_at: Date; actor: string; via: string } & Partial<
    Record<'status' | 'value' | 'reason', unknown>
  >,
  lead: Pick<Lead, 'owner' | 'status' | 'form'> | undefined,
): JsonObject {
  return {
    type,
    timestamp: entry.recorded_at.toISOString(),
    data: {
      eventId: entry.id,
      leadId: entry.lead_id,
      form: lead?.form ?? null,
      by: entry.actor,
      via: entry.via,
      owner: lead?.owner ?? null,
      status: lead?.status ?? null,
      value: entry.value ?? null,
      reason: entry.reason ?? null,
    },
  }
}

/** A lead's history, oldest first (the take page's; the admin API's is findLead's). */
export function leadEvents(db: LeadDb, leadId: string) {
  return db
    .selectFrom('lead_events')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute()
}
