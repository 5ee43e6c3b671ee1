import { randomUUID } from 'node:crypto'
import { type BusinessHours, DEFAULT_CLAIM_WINDOW_MINUTES, type LeadRouting } from '@site/leads/routing'
import { sql } from 'kysely'
import type { LeadDb } from '../db/database.ts'
import type { LeadConfig } from '../leadConfig.ts'
import { type LeadLog, logFailure } from '../leadLog.ts'
import { addOpenTime } from './businessHours.ts'

/**
 * No lead waits unanswered. A rotation offers a new lead to one person at a time, round robin across leads;
 * an offer nobody took within the claim window goes to the next person, until each has had it once. An
 * escalation address hears of a lead nobody has taken after the escalation time. Both clocks count business
 * hours only, when the routing document sets them (businessHours.ts).
 *
 * Where the rules come from (followThroughPlan): the Lead routing document's "Who takes each lead" when it has
 * one; else, for a fresh install, LEAD_CLAIM_WINDOW makes LEAD_NOTIFY_EMAIL the rotation, and
 * LEAD_ESCALATION_EMAIL hears after LEAD_ESCALATE_AFTER.
 *
 * The state is in the lead store: each lead's offer (`offer_to`, `offer_until`, `offer_count`) and the
 * rotation's position (`lead_rotation`). A process advances an offer only if its count is still the one it
 * read (compare and set), so two processes never make two offers at once, and a restart loses nothing.
 */

const ROTATION = 'LEAD_NOTIFY_EMAIL'

/** Who is offered each lead, for how long, and who hears of the one nobody took, as now configured. */
export interface FollowThroughPlan {
  /** The rotation, in order, without anyone marked away; empty: no rotation. */
  people: string[]
  claimWindowMs: number
  escalationEmails: string[]
  escalateAfterMs: number
  hours: BusinessHours | null
}

export function followThroughPlan(config: LeadConfig, routing: LeadRouting | undefined): FollowThroughPlan {
  const env = config.followThrough
  if (!routing) {
    return {
      people: env.claimWindowMs ? config.notify.notifyEmails : [],
      claimWindowMs: env.claimWindowMs ?? 0,
      escalationEmails: env.escalationEmails,
      escalateAfterMs: env.escalateAfterMs,
      hours: null,
    }
  }
  const inMs = (minutes: number | null | undefined, fallbackMs: number) =>
    minutes == null ? fallbackMs : minutes * 60_000
  return {
    people: [...new Set(routing.rotation.filter((person) => !person.away).map((person) => person.email))],
    claimWindowMs: inMs(routing.claimWindowMinutes, DEFAULT_CLAIM_WINDOW_MINUTES * 60_000),
    escalationEmails: routing.escalationEmails.length > 0 ? routing.escalationEmails : env.escalationEmails,
    escalateAfterMs: inMs(routing.escalateAfterMinutes, env.escalateAfterMs),
    hours: routing.businessHours ?? null,
  }
}

/** What a lead gets at store time: its first offer due now (a rotation), its escalation time. */
export function followThroughAtStore(
  plan: FollowThroughPlan,
  now: Date,
): { offerDueAt: Date | null; escalateAt: Date | null } {
  return {
    offerDueAt: plan.people.length > 0 && plan.claimWindowMs > 0 ? now : null,
    escalateAt: plan.escalationEmails.length > 0 ? addOpenTime(now, plan.escalateAfterMs, plan.hours) : null,
  }
}

/** One pass: the due offers, then the due escalations. Returns how many of each it made. */
export async function sweepFollowThrough(
  db: LeadDb,
  plan: FollowThroughPlan,
  now: Date,
): Promise<{ offers: number; escalations: number }> {
  const { escalationEmails } = plan
  let offers = 0
  let escalations = 0
  const due = await db
    .selectFrom('leads')
    .select(['id', 'offer_count'])
    .where('owner', 'is', null)
    .where('offer_until', '<=', now)
    .where('quarantine_reason', 'is', null)
    .where('repeat_of', 'is', null)
    .orderBy('offer_until')
    .limit(50)
    .execute()
  for (const lead of due) {
    if (await offerNext(db, lead, plan, now)) offers++
  }
  if (escalationEmails.length > 0) {
    const unanswered = await db
      .selectFrom('leads')
      .select('id')
      .where('owner', 'is', null)
      .where('escalated_at', 'is', null)
      .where('escalate_at', '<=', now)
      .where('quarantine_reason', 'is', null)
      .where('repeat_of', 'is', null)
      .limit(50)
      .execute()
    for (const lead of unanswered) {
      if (await escalate(db, lead.id, escalationEmails, now)) escalations++
    }
  }
  return { offers, escalations }
}

/**
 * Offers the lead to the rotation's next person, if its offer is still the one read; after everyone has had
 * it, it is offered no more (the escalation hears of it).
 */
async function offerNext(
  db: LeadDb,
  lead: { id: string; offer_count: number },
  plan: FollowThroughPlan,
  now: Date,
): Promise<boolean> {
  const { people } = plan
  return db.transaction().execute(async (trx) => {
    const done = lead.offer_count >= people.length || people.length === 0
    const advanced = await trx
      .updateTable('leads')
      .set(
        done
          ? { offer_until: null }
          : { offer_until: addOpenTime(now, plan.claimWindowMs, plan.hours), offer_count: lead.offer_count + 1 },
      )
      .where('id', '=', lead.id)
      .where('owner', 'is', null)
      .where('offer_count', '=', lead.offer_count)
      .where('offer_until', 'is not', null)
      .returning('id')
      .executeTakeFirst()
    if (!advanced || done) return false
    await trx
      .insertInto('lead_rotation')
      .values({ name: ROTATION, position: 0 })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute()
    const turn = await trx
      .updateTable('lead_rotation')
      .set({ position: sql`position + 1` })
      .where('name', '=', ROTATION)
      .returning('position')
      .executeTakeFirstOrThrow()
    const person = people[(turn.position - 1) % people.length] as string
    await trx.updateTable('leads').set({ offer_to: person }).where('id', '=', lead.id).execute()
    await queueEmail(trx, lead.id, 'email:offer', { kind: 'team', to: [person], rule: null, offer: true }, now)
    return true
  })
}

async function escalate(db: LeadDb, leadId: string, to: string[], now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('leads')
      .set({ escalated_at: now })
      .where('id', '=', leadId)
      .where('owner', 'is', null)
      .where('escalated_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!marked) return false
    for (const person of new Set(to)) {
      await queueEmail(
        trx,
        leadId,
        'email:escalation',
        { kind: 'team', to: [person], rule: null, unanswered: true },
        now,
      )
    }
    return true
  })
}

function queueEmail(db: LeadDb, leadId: string, destination: string, message: Record<string, unknown>, now: Date) {
  return db
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
      lease_holder: null,
      delivered_at: null,
      last_status: null,
      last_error: null,
      message: JSON.stringify(message),
      dedupe_key: null,
    })
    .execute()
}

/**
 * Runs the sweep every `everyMs` and when woken (a lead was stored); each pass's offers wake the outbox. The
 * plan is read at each pass (the routing document may change); a pass with nothing configured reads no lead.
 */
export function startFollowThroughSweep(options: {
  db: LeadDb
  config: LeadConfig
  routing: () => Promise<LeadRouting | undefined>
  log: LeadLog
  everyMs: number
  wakeOutbox: () => void
}): { wake: () => void; stop: () => Promise<void> } {
  let running: Promise<void> | undefined
  let again = false
  const pass = async () => {
    const plan = followThroughPlan(options.config, await options.routing())
    if (plan.people.length === 0 && plan.escalationEmails.length === 0) return { offers: 0, escalations: 0 }
    return sweepFollowThrough(options.db, plan, new Date())
  }
  const wake = () => {
    if (running) {
      again = true
      return
    }
    running = pass()
      .then((made) => {
        if (made.offers > 0 || made.escalations > 0) {
          options.log.info('leads-offered', made)
          options.wakeOutbox()
        }
      })
      .catch((error: unknown) => logFailure(options.log, 'follow-through-sweep-failed', error))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          wake()
        }
      })
  }
  const timer = setInterval(wake, options.everyMs)
  timer.unref()
  wake()
  return {
    wake,
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
