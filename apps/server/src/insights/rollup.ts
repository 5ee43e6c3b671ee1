import type { Selectable } from 'kysely'
import { OTHER } from './sitePages.ts'
import { pagePath, visitSource } from './sources.ts'
import {
  type InsightDailyTable,
  type InsightEventsTable,
  type InsightsDb,
  ROLLUP_DIMENSIONS,
  ROLLUP_KEY,
  type RollupKind,
} from './tables.ts'

export type RawEvent = Selectable<InsightEventsTable>
export type RollupRow = InsightDailyTable

type Dimensions = Partial<Record<(typeof ROLLUP_DIMENSIONS)[number], string>> & { bucket?: number }

/** A vital's value as the rollup keeps it: LCP and INP to 10 ms, CLS to 0.01 (p75 is read from these). */
export function vitalBucket(metric: string, value: number): number {
  return metric === 'CLS' ? Math.round(value * 100) / 100 : Math.round(value / 10) * 10
}

/**
 * Events of one day as rollup rows: page views by path, visits by landing page and source, form steps,
 * questions by branch, and vitals by page, device and bucket. Every count adds up across parts of a day;
 * distinct visitors do not, so they are left to `rollupOf` and to the day's visitor set.
 */
export function countsOf(day: string, events: Iterable<RawEvent>): RollupRow[] {
  const counts = new Map<string, RollupRow>()
  const add = (kind: RollupKind, dims: Dimensions) => {
    const row = rowOf(day, kind, dims)
    const key = [kind, ...ROLLUP_DIMENSIONS.map((name) => row[name]), row.bucket].join('\u0000')
    const known = counts.get(key)
    if (known) known.count += 1
    else counts.set(key, { ...row, count: 1 })
  }
  for (const event of events) {
    if (event.type === 'pageview') {
      const path = countedPath(event.path)
      add('pageview', { path })
      if (event.entry) {
        add('visit', { path, ...visitSource({ ...event, referrerHost: event.referrer_host }) })
      }
    } else if (event.type === 'form') {
      add('form', { form: event.form ?? '', step: event.step ?? '', field: event.field ?? '' })
    } else if (event.type === 'question') {
      add('question', { step: event.step ?? '', field: event.field ?? '', branch: event.branch ?? '' })
    } else if (event.type === 'vital' && event.metric && event.value !== null) {
      add('vital', {
        path: countedPath(event.path),
        device: event.device ?? '',
        metric: event.metric,
        bucket: vitalBucket(event.metric, event.value),
      })
    }
  }
  return [...counts.values()]
}

/** A stored path as the figures show it ("(other)" stays itself: it is no address). */
function countedPath(path: string | null): string {
  return path === OTHER ? OTHER : pagePath(path ?? '/')
}

/** The visitor hashes of a day's page views, each once. */
export function visitorsOf(events: Iterable<RawEvent>): Set<string> {
  const visitors = new Set<string>()
  for (const event of events) if (event.type === 'pageview') visitors.add(event.visitor)
  return visitors
}

/** A whole day's events as rollup rows, distinct visitors included: the figures straight from raw events. */
export function rollupOf(day: string, events: RawEvent[]): RollupRow[] {
  const rows = countsOf(day, events)
  const visitors = visitorsOf(events).size
  if (visitors > 0) rows.push(visitorsRow(day, visitors))
  return rows
}

export function visitorsRow(day: string, count: number): RollupRow {
  return { ...rowOf(day, 'visitors', {}), count }
}

function rowOf(day: string, kind: RollupKind, dims: Dimensions): RollupRow {
  return {
    day,
    kind,
    path: dims.path ?? '',
    source: dims.source ?? '',
    medium: dims.medium ?? '',
    campaign: dims.campaign ?? '',
    device: dims.device ?? '',
    form: dims.form ?? '',
    step: dims.step ?? '',
    field: dims.field ?? '',
    branch: dims.branch ?? '',
    metric: dims.metric ?? '',
    bucket: dims.bucket ?? 0,
    count: 0,
  }
}

/** The days with events not rolled up yet. */
export async function recentDays(db: InsightsDb): Promise<string[]> {
  const rows = await db.selectFrom('insight_recent').select('day').distinct().execute()
  return rows.map((row) => row.day).sort()
}

/**
 * Rolls a day's events not rolled up yet into `insight_daily`, in one transaction: each is taken out of
 * `insight_recent` by the statement that returns it (so an event that arrives meanwhile waits for the next
 * time, and none is counted twice) and kept in `insight_events`, its counts are added to the day's rows, its
 * visitor joins the day's set, and the day's visitors row becomes the size of that set. Returns how many
 * events it rolled.
 */
export async function rollUpNewEvents(db: InsightsDb, day: string, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The day's visitors row, locked first: two processes on one PostgreSQL roll a day one after the other.
    await trx
      .insertInto('insight_daily')
      .values(visitorsRow(day, 0))
      .onConflict((oc) => oc.columns(ROLLUP_KEY).doNothing())
      .execute()
    await trx
      .selectFrom('insight_daily')
      .select('count')
      .where('day', '=', day)
      .where('kind', '=', 'visitors')
      .forUpdate()
      .execute()
    const events = await trx.deleteFrom('insight_recent').where('day', '=', day).returningAll().execute()
    if (events.length === 0) return 0
    for (let start = 0; start < events.length; start += 500) {
      await trx
        .insertInto('insight_events')
        .values(events.slice(start, start + 500))
        .execute()
    }
    const rows = countsOf(day, events)
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('insight_daily')
        .values(rows.slice(start, start + 500))
        .onConflict((oc) =>
          oc
            .columns(ROLLUP_KEY)
            .doUpdateSet((eb) => ({ count: eb('insight_daily.count', '+', eb.ref('excluded.count')) })),
        )
        .execute()
    }
    const visitors = [...visitorsOf(events)].map((visitor) => ({ day, visitor }))
    for (let start = 0; start < visitors.length; start += 1000) {
      await trx
        .insertInto('insight_day_visitors')
        .values(visitors.slice(start, start + 1000))
        .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
        .execute()
    }
    const { distinct } = await trx
      .selectFrom('insight_day_visitors')
      .select((eb) => eb.fn.countAll<number | string>().as('distinct'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('insight_daily')
      .set({ count: Number(distinct) })
      .where('day', '=', day)
      .where('kind', '=', 'visitors')
      .execute()
    await trx
      .insertInto('insight_rolled_days')
      .values({ day, rolled_at: now.toISOString() })
      .onConflict((oc) => oc.column('day').doUpdateSet({ rolled_at: now.toISOString() }))
      .execute()
    return events.length
  })
}
