import { webhookDestination } from '@site/leads/admin'
import { sql } from 'kysely'
import type { LeadDb } from '../db/database.ts'
import type { NotificationPlan } from '../delivery/routing.ts'
import { addDelivery, queueNotifications } from './intake.ts'

/** The team's review of what the spam checks held: releasing a held lead, judging a received one spam. */

/**
 * A quarantined lead or a repeat becomes an ordinary lead: its hold is cleared (the reasons it was held for
 * stay on it), and with a webhook for its form it gets its delivery, due now, and its notifications as routed
 * now (a held lead had none).
 */
export async function releaseLead(
  db: LeadDb,
  leadId: string,
  options: { now: Date; deliver: boolean; notifications?: NotificationPlan },
): Promise<{ released: boolean; replayed: boolean; reason?: string }> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom('leads')
      .select(['id', 'form', 'quarantine_reason', 'repeat_of'])
      .where('id', '=', leadId)
      .forUpdate()
      .executeTakeFirst()
    if (!lead) return { released: false, replayed: false, reason: 'no such lead' }
    if (!lead.quarantine_reason && !lead.repeat_of) {
      return { released: false, replayed: false, reason: 'it is neither quarantined nor a repeat' }
    }
    await trx
      .updateTable('leads')
      .set({ quarantine_reason: null, repeat_of: null, released_at: options.now })
      .where('id', '=', leadId)
      .execute()
    if (options.notifications) await queueNotifications(trx, leadId, options.notifications, options.now)
    if (!options.deliver) {
      return { released: true, replayed: false, reason: `no webhook is configured for the ${lead.form} form` }
    }
    const delivery = await trx
      .selectFrom('deliveries')
      .select('id')
      .where('lead_id', '=', leadId)
      .where('destination', '=', webhookDestination(lead.form))
      .executeTakeFirst()
    if (!delivery) await addDelivery(trx, leadId, lead.form, options.now)
    return { released: true, replayed: !delivery }
  })
}

/** Records the team's judgement that a lead it received is spam; a held lead is already judged (409). */
export async function markLeadSpam(
  db: LeadDb,
  leadId: string,
  now: Date,
): Promise<{ found: boolean; markedSpam: boolean; markedSpamAt: Date | null; reason?: string }> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom('leads')
      .select(['quarantine_reason', 'marked_spam_at'])
      .where('id', '=', leadId)
      .forUpdate()
      .executeTakeFirst()
    if (!lead) return { found: false, markedSpam: false, markedSpamAt: null, reason: 'no such lead' }
    if (lead.quarantine_reason) {
      return { found: true, markedSpam: false, markedSpamAt: null, reason: 'it is quarantined already' }
    }
    if (lead.marked_spam_at) return { found: true, markedSpam: true, markedSpamAt: lead.marked_spam_at }
    await trx.updateTable('leads').set({ marked_spam_at: now }).where('id', '=', leadId).execute()
    return { found: true, markedSpam: true, markedSpamAt: now }
  })
}

/**
 * How many leads were quarantined per day (UTC) and reason, from `from` on: a lead held for two reasons
 * counts under each; a lead released since still counts on the day it was held.
 */
export async function quarantineCounts(
  db: LeadDb,
  engine: 'embedded' | 'postgres',
  from: Date,
): Promise<Array<{ day: string; reason: string; count: number }>> {
  // Times are ISO text on the embedded store and timestamptz on PostgreSQL.
  const day =
    engine === 'postgres'
      ? sql<string>`to_char(leads.received_at at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`substr(leads.received_at, 1, 10)`
  const rows = await db
    .selectFrom('lead_reasons')
    .innerJoin('leads', 'leads.id', 'lead_reasons.lead_id')
    .select([day.as('day'), 'lead_reasons.reason', (eb) => eb.fn.countAll<string>().as('count')])
    .where('lead_reasons.held', '=', true)
    .where('leads.received_at', '>=', from)
    .groupBy([day, 'lead_reasons.reason'])
    .orderBy('day')
    .orderBy('lead_reasons.reason')
    .execute()
  return rows.map((row) => ({ day: row.day, reason: row.reason, count: Number(row.count) }))
}
