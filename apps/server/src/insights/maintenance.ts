import { recentDays, rollUpNewEvents } from './rollup.ts'
import type { InsightsDb } from './tables.ts'

export interface InsightsRetention {
  /** Days raw events are kept (INSIGHTS_RAW_DAYS, 30): after that only the day's rollup remains. */
  rawDays: number
  /** Days the daily rollups are kept (INSIGHTS_ROLLUP_DAYS, 750: two years and a month, to compare years). */
  rollupDays: number
}

export const DEFAULT_RETENTION: InsightsRetention = { rawDays: 30, rollupDays: 750 }

export function dayOf(time: Date): string {
  return time.toISOString().slice(0, 10)
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000))
}

/**
 * What runs at start and every few minutes: the events not rolled up yet are added to `insight_daily` (so
 * that a report reads only a few minutes of raw events, today's included); raw events past `rawDays` and
 * rollups past `rollupDays` are deleted; and the salts of finished days are forgotten (by `forgetSalts`).
 */
export async function maintainInsights(
  db: InsightsDb,
  retention: InsightsRetention,
  forgetSalts: (today: string) => Promise<number>,
  now = new Date(),
) {
  const today = dayOf(now)
  const rolledUp: string[] = []
  for (const day of await recentDays(db)) if ((await rollUpNewEvents(db, day, now)) > 0) rolledUp.push(day)
  const rawCutoff = addDays(today, -retention.rawDays)
  const raw = await db.deleteFrom('insight_events').where('day', '<', rawCutoff).executeTakeFirst()
  await db.deleteFrom('insight_day_visitors').where('day', '<', rawCutoff).execute()
  const rollupCutoff = addDays(today, -retention.rollupDays)
  const rollups = await db.deleteFrom('insight_daily').where('day', '<', rollupCutoff).executeTakeFirst()
  await db.deleteFrom('insight_rolled_days').where('day', '<', rollupCutoff).execute()
  const salts = await forgetSalts(today)
  return {
    rolledUp,
    rawDeleted: Number(raw.numDeletedRows),
    rollupRowsDeleted: Number(rollups.numDeletedRows),
    saltsDeleted: salts,
  }
}
