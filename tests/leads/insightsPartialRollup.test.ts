// @vitest-environment node

import type { InsightsReport } from '@site/leads/insights'
import fc from 'fast-check'
import { describe, expect, inject, it } from 'vitest'
import { openInsightsStore } from '../../apps/server/src/insights/engines'
import {
  type DayRange,
  insightsReport,
  type PeriodFigures,
  previousRange,
  reportOf,
} from '../../apps/server/src/insights/figures'
import type { LeadOutcome } from '../../apps/server/src/insights/leadOutcomes'
import { maintainInsights } from '../../apps/server/src/insights/maintenance'
import { type RawEvent, rollupOf } from '../../apps/server/src/insights/rollup'
import type { InsightsDb, NewInsightEvent } from '../../apps/server/src/insights/tables'
import { createDatabase } from './support/postgres'

// Today's figures come from rollups made a few minutes at a time plus the events since: on random days of
// random events, arriving between, during and after upkeeps (late ones too), every report must be exactly
// the report computed from all raw events at once.
const DAYS = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'] as const
const RANGE: DayRange = { from: '2026-11-19', to: '2026-11-20' }
const RETENTION = { rawDays: 3650, rollupDays: 3650 }
const LEADS: LeadOutcome[] = [
  { form: 'contact', landingPage: '/about', source: 'google', medium: 'cpc', campaign: 'spring', delivered: true },
]

const maybe = <T>(values: T[]) => fc.constantFrom<T | null>(null, ...values)

const eventArbitrary: fc.Arbitrary<NewInsightEvent> = fc
  .record({
    day: fc.constantFrom(...DAYS),
    visitor: fc.constantFrom('v1', 'v2', 'v3', 'v4', 'v5', 'v6'),
    type: fc.constantFrom('pageview', 'pageview', 'form', 'question', 'vital'),
    path: maybe(['/', '/About', '/about/', '/services', '/qualify?step=2', '/pricing#faq']),
    referrer_host: maybe(['www.news.example.com', 'news.example.com', '']),
    utm_source: maybe(['google', 'linkedin', '']),
    utm_medium: maybe(['cpc', 'paid']),
    utm_campaign: maybe(['spring', 'fall']),
    click_id: fc.constantFrom(0, 1),
    device: maybe(['mobile', 'desktop']),
    entry: fc.constantFrom(0, 1),
    form: maybe(['contact', 'qualify', 'guide']),
    step: maybe(['seen', 'started', 'submitted', 'invalid', 'stored', 'reached', 'answered']),
    field: maybe(['email', 'firstName', 'role', 'aum']),
    branch: maybe(['RIA', 'Insurance Agent', '']),
    metric: maybe(['LCP', 'INP', 'CLS']),
    value: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 6000 }), fc.constantFrom(0.004, 0.05, 0.1, 0.26)),
  })
  .map((event) => ({ ...event, at: `${event.day}T12:00:00.000Z` }))

type Step =
  | { kind: 'insert'; events: NewInsightEvent[] }
  | { kind: 'maintain'; day: number }
  // A report and two upkeeps (as from two processes) at once, then events arriving during two upkeeps.
  | { kind: 'race'; events: NewInsightEvent[] }

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    events: fc.array(eventArbitrary, { minLength: 1, maxLength: 40 }),
  }),
  fc.record({ kind: fc.constant('maintain' as const), day: fc.integer({ min: 0, max: DAYS.length }) }),
  fc.record({ kind: fc.constant('race' as const), events: fc.array(eventArbitrary, { minLength: 1, maxLength: 40 }) }),
)

/** The report straight from every raw event of the period, whatever was rolled up. */
async function rawReport(db: InsightsDb, range: DayRange): Promise<InsightsReport> {
  const period = async (r: DayRange): Promise<PeriodFigures> => {
    const events = []
    for (const table of ['insight_events', 'insight_recent'] as const)
      events.push(
        ...(await db.selectFrom(table).selectAll().where('day', '>=', r.from).where('day', '<=', r.to).execute()),
      )
    const byDay = new Map<string, RawEvent[]>()
    for (const event of events) byDay.set(event.day, [...(byDay.get(event.day) ?? []), event])
    return { range: r, rows: [...byDay].flatMap(([day, list]) => rollupOf(day, list)), leads: LEADS }
  }
  return reportOf(await period(range), await period(previousRange(range)))
}

const report = (db: InsightsDb) => insightsReport(db, RANGE, async () => LEADS)
const insert = (db: InsightsDb, events: NewInsightEvent[]) => db.insertInto('insight_recent').values(events).execute()
const maintain = (db: InsightsDb, day: number) =>
  maintainInsights(db, RETENTION, async () => 0, new Date(`${DAYS[day] ?? '2026-11-21'}T23:00:00.000Z`))

const ENGINES = ['sqlite', 'postgres'] as const

describe.each(ENGINES)('partial rollups on %s', (engine) => {
  it('give exactly the figures of the raw events, at every step of random days', async () => {
    const db =
      engine === 'sqlite'
        ? await openInsightsStore({ kind: 'sqlite', filename: ':memory:' })
        : await openInsightsStore({ kind: 'postgres', url: await createDatabase(inject('postgresUrl')) })
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), async (steps) => {
          for (const table of [
            'insight_events',
            'insight_recent',
            'insight_daily',
            'insight_day_visitors',
            'insight_rolled_days',
          ] as const)
            await db.deleteFrom(table).execute()
          for (const step of steps) {
            if (step.kind === 'insert') await insert(db, step.events)
            else if (step.kind === 'maintain') await maintain(db, step.day)
            else {
              // A report read while upkeeps commit sees each event once.
              await insert(db, step.events)
              const [during] = await Promise.all([report(db), maintain(db, 3), maintain(db, 3)])
              expect(during).toEqual(await rawReport(db, RANGE))
              await Promise.all([insert(db, step.events), maintain(db, 3), maintain(db, 3)])
            }
            expect(await report(db)).toEqual(await rawReport(db, RANGE))
          }
          await maintain(db, DAYS.length)
          expect(await db.selectFrom('insight_recent').select('day').execute()).toEqual([])
          expect(await report(db)).toEqual(await rawReport(db, RANGE))
        }),
        { numRuns: 25 },
      )
    } finally {
      await db.destroy()
    }
  }, 240_000)
})
