import type { Insertable, Kysely } from 'kysely'

/**
 * The insights store's tables: portable across PostgreSQL and SQLite (text, integer and double columns only;
 * times as ISO 8601 text, days as `YYYY-MM-DD` text, which sort as they read). No IP address, no user agent.
 */
export interface InsightEventsTable {
  /** When the server received it (ISO 8601, UTC). */
  at: string
  /** Its UTC day: what raw retention and the daily rollup go by. */
  day: string
  /** The day's visitor hash (visitorHash.ts): unreadable, and meaningless once the day's salt is deleted. */
  visitor: string
  type: 'pageview' | 'form' | 'question' | 'vital'
  path: string | null
  referrer_host: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  /** 1 when the address carried a click id (gclid, fbclid, msclkid), else 0. */
  click_id: number
  device: string | null
  /** 1 for the page view that opened a visit. */
  entry: number
  form: string | null
  /** A form's step (seen, started, submitted, invalid, stored), or a question's (reached, answered). */
  step: string | null
  /** The field a validation message named, or the question reached or answered. */
  field: string | null
  branch: string | null
  metric: string | null
  value: number | null
}

export const EVENT_COLUMNS = [
  'at',
  'day',
  'visitor',
  'type',
  'path',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'click_id',
  'device',
  'entry',
  'form',
  'step',
  'field',
  'branch',
  'metric',
  'value',
] as const satisfies readonly (keyof InsightEventsTable)[]

/** One day's salt for the visitor hash; deleted once the day is over. */
export interface InsightSaltsTable {
  day: string
  salt: string
}

/**
 * The daily rollup: counts by kind and dimensions ('' where a dimension does not apply). Kept longer than
 * the raw events, and what the figures of every rolled-up day are read from.
 */
export interface InsightDailyTable {
  day: string
  kind: RollupKind
  path: string
  source: string
  medium: string
  campaign: string
  device: string
  form: string
  step: string
  field: string
  branch: string
  metric: string
  /** A vital's value, rounded to its bucket (rollup.ts); 0 elsewhere. */
  bucket: number
  count: number
}

/** What a rollup row counts by, besides its day, kind and bucket ('' where a kind has no such dimension). */
export const ROLLUP_DIMENSIONS = [
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
] as const satisfies readonly (keyof InsightDailyTable)[]

/** The columns that name a rollup row (unique in `insight_daily`); its count is added to by key. */
export const ROLLUP_KEY = ['day', 'kind', ...ROLLUP_DIMENSIONS, 'bucket'] as const

export type RollupKind = 'visitors' | 'pageview' | 'visit' | 'form' | 'question' | 'vital'

/**
 * Each day's distinct visitor hashes among its rolled events, so that a day rolled up in parts still counts
 * a visitor once. Deleted with the day's raw events (which carry the same hashes).
 */
export interface InsightDayVisitorsTable {
  day: string
  visitor: string
}

/** The days with events rolled into `insight_daily`, and when that last happened. */
export interface InsightRolledDaysTable {
  day: string
  rolled_at: string
}

export interface InsightTables {
  /** Events counted in `insight_daily`: kept `INSIGHTS_RAW_DAYS`. */
  insight_events: InsightEventsTable
  /** Events received since the last upkeep, not counted in `insight_daily` yet (rollup.ts moves them). */
  insight_recent: InsightEventsTable
  insight_salts: InsightSaltsTable
  insight_daily: InsightDailyTable
  insight_rolled_days: InsightRolledDaysTable
  insight_day_visitors: InsightDayVisitorsTable
  /** Page views of experiment pages by day and variant (experiments/exposures.ts). */
  insight_experiment_exposures: InsightExperimentExposuresTable
}

/** How many counted page views showed each variant of an experiment, per UTC day. */
export interface InsightExperimentExposuresTable {
  day: string
  experiment: string
  variant: string
  count: number
}

export type InsightsDb = Kysely<InsightTables>

export type NewInsightEvent = Insertable<InsightEventsTable>
