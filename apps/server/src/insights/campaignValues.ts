import { sql } from 'kysely'
import { addDays } from './maintenance.ts'
import { OTHER } from './sitePages.ts'
import type { InsightsDb } from './tables.ts'

/** The page view's fields that carry free text from the address bar or the referrer. */
export const CAMPAIGN_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer_host',
] as const
export type CampaignField = (typeof CAMPAIGN_FIELDS)[number]

/** The longest campaign value kept (a longer one is "(other)"). */
export const CAMPAIGN_VALUE_MAX_LENGTH = 64

// Letters and digits of any script, then words joined by space, dot, underscore, hyphen, plus, tilde or colon
// (`google`, `cpc`, `spring_sale-2026`, `Spring Sale`, `news.example.com`, `example.com:8080`). No `@`, `=`, `&`,
// `/`, `?` or `%`: no address, no query smuggled in, no path.
const CAMPAIGN_SHAPE = /^[\p{L}\p{N}][\p{L}\p{N} ._+~:-]*$/u
const EMAIL = /[^\s@]+@[^\s@]+/
// A phone number: a `+` and seven digits or more, or nine digits or more, possibly split by spaces, dots,
// hyphens or brackets (`+1 555 010 9999`, `(555) 010-9999`). A date (`2026-11-27`, eight digits) is not one; a
// numeric campaign id of nine digits or more is taken for one and counts as "(other)".
const PHONE = /\+[\s(]*\d(?:[\s().-]*\d){6,}|\d(?:[\s().-]*\d){8,}/

/** Whether a value looks like an e-mail address or a phone number: never stored, wherever it came from. */
export function looksPersonal(value: string): boolean {
  return EMAIL.test(value) || PHONE.test(value)
}

/** A campaign value as it may be stored: itself when short, plain and not personal; else "(other)". */
export function campaignShape(value: string): string {
  const trimmed = value.trim()
  if (trimmed.length > CAMPAIGN_VALUE_MAX_LENGTH || !CAMPAIGN_SHAPE.test(trimmed) || looksPersonal(trimmed)) {
    return OTHER
  }
  return trimmed
}

/** The rollup column a field's values meet in (insight_daily), for values known from days before. */
const ROLLUP_COLUMN: Partial<Record<CampaignField, 'source' | 'medium' | 'campaign'>> = {
  utm_source: 'source',
  referrer_host: 'source',
  utm_medium: 'medium',
  utm_campaign: 'campaign',
}

/** How far back a value in the figures still counts as known (its campaign is still running). */
const KNOWN_DAYS = 90

/**
 * Admits campaign values per UTC day and field: a value already counted that day, or in the figures of the
 * last 90 days, is itself; any other value is new, and at most `newPerDay` new values of a field are admitted
 * a day (INSIGHTS_NEW_CAMPAIGN_VALUES_PER_DAY); beyond that it is "(other)". The day's values are read from
 * the store once per process and day, then kept in memory: the check is synchronous after that, so two
 * batches arriving together cannot both take the last place. Each process keeps its own count (two public
 * processes on one store could admit twice the cap; only `pnpm serve` is public in production).
 */
export function campaignAdmission(db: InsightsDb, newPerDay: number) {
  let today: { day: string; ready: Promise<Map<CampaignField, DayValues>> } | undefined
  const valuesOf = (day: string) => {
    if (today?.day !== day) {
      const ready = loadDay(db, day)
      today = { day, ready }
      // A store that failed to answer is asked again by the next batch.
      ready.catch(() => {
        if (today?.ready === ready) today = undefined
      })
    }
    return today.ready
  }
  return async (day: string, field: CampaignField, value: string): Promise<string> => {
    if (value === OTHER) return OTHER
    const values = (await valuesOf(day)).get(field)
    if (!values) return OTHER
    if (values.admitted.has(value) || values.known.has(value)) return value
    if (values.admitted.size >= newPerDay) return OTHER
    values.admitted.add(value)
    return value
  }
}

interface DayValues {
  /** The values counted today (new ones among them). */
  admitted: Set<string>
  /** The values in the figures of earlier days: admitted without taking a place. */
  known: Set<string>
}

async function loadDay(db: InsightsDb, day: string): Promise<Map<CampaignField, DayValues>> {
  const values = new Map<CampaignField, DayValues>()
  const known = await db
    .selectFrom('insight_daily')
    .select(['source', 'medium', 'campaign'])
    .distinct()
    .where('kind', '=', 'visit')
    .where('day', '>=', addDays(day, -KNOWN_DAYS))
    .where('day', '<', day)
    .execute()
  for (const field of CAMPAIGN_FIELDS) {
    const column = ROLLUP_COLUMN[field]
    const todays = await sql<{ value: string }>`
      select distinct ${sql.ref(field)} as value from insight_recent where day = ${day} and ${sql.ref(field)} is not null
      union
      select distinct ${sql.ref(field)} as value from insight_events where day = ${day} and ${sql.ref(field)} is not null`.execute(
      db,
    )
    values.set(field, {
      admitted: new Set(todays.rows.map((row) => row.value).filter((value) => value !== OTHER)),
      known: new Set(column ? known.map((row) => row[column]).filter((value) => value && value !== OTHER) : []),
    })
  }
  return values
}
