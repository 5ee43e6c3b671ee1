import type { Selectable } from 'kysely'
import { pagePath, visitSource } from './sources.ts'
import type { InsightDailyTable, InsightEventsTable, InsightsDb, RollupKind } from './tables.ts'

export type RawEvent = Selectable<InsightEventsTable>
export type RollupRow = InsightDailyTable

const DIMENSIONS = [
  'path',
  'source',
  'medium',
  'campaign',
  'device',
  'form',
  'step',
  'field',
  'branch',
  'metric',
] as const
type Dimensions = Partial<Record<(typeof DIMENSIONS)[number], string>> & { bucket?: number }

/** A vital's value as the rollup keeps it: LCP and INP to 10 ms, CLS to 0.01 (p75 is read from these). */
export function vitalBucket(metric: string, value: number): number {
  return metric === 'CLS' ? Math.round(value * 100) / 100 : Math.round(value / 10) * 10
}

/**
 * One day's events as rollup rows: distinct visitors, page views by path, visits by landing page and
 * source, form steps, questions by branch, and vitals by page, device and bucket. The same function rolls a
 * finished day into `insight_daily` and answers for a day not rolled up yet, so both give the same figures.
 */
export function rollupOf(day: string, events: Iterable<RawEvent>): RollupRow[] {
  const counts = new Map<string, RollupRow>()
  const visitors = new Set<string>()
  const add = (kind: RollupKind, dims: Dimensions) => {
    const row: RollupRow = {
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
    const key = [kind, ...DIMENSIONS.map((name) => row[name]), row.bucket].join('\u0000')
    const known = counts.get(key)
    if (known) known.count += 1
    else counts.set(key, { ...row, count: 1 })
  }
  for (const event of events) {
    if (event.type === 'pageview') {
      visitors.add(event.visitor)
      const path = pagePath(event.path ?? '/')
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
        path: pagePath(event.path ?? '/'),
        device: event.device ?? '',
        metric: event.metric,
        bucket: vitalBucket(event.metric, event.value),
      })
    }
  }
  const rows = [...counts.values()]
  if (visitors.size > 0) rows.push({ ...emptyRow(day, 'visitors'), count: visitors.size })
  return rows
}

function emptyRow(day: string, kind: RollupKind): RollupRow {
  return {
    day,
    kind,
    path: '',
    source: '',
    medium: '',
    campaign: '',
    device: '',
    form: '',
    step: '',
    field: '',
    branch: '',
    metric: '',
    bucket: 0,
    count: 0,
  }
}

/** Reads a day's raw events a page at a time, in the order they came. */
export async function rawEventsOf(db: InsightsDb, day: string): Promise<RawEvent[]> {
  return db.selectFrom('insight_events').selectAll().where('day', '=', day).execute()
}

/** Rolls one day up (again): its rows replace any earlier ones, in one transaction. */
export async function rollUpDay(db: InsightsDb, day: string, now = new Date()): Promise<number> {
  const rows = rollupOf(day, await rawEventsOf(db, day))
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('insight_daily').where('day', '=', day).execute()
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('insight_daily')
        .values(rows.slice(start, start + 500))
        .execute()
    }
    await trx
      .insertInto('insight_rolled_days')
      .values({ day, rolled_at: now.toISOString() })
      .onConflict((oc) => oc.column('day').doUpdateSet({ rolled_at: now.toISOString() }))
      .execute()
  })
  return rows.length
}
