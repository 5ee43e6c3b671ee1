import { LEAD_FORMS } from '@site/leads/forms'
import {
  BRANCHES,
  type CampaignRow,
  type FormRow,
  GOOD_VITALS,
  type InsightsReport,
  type InsightTotals,
  type LandingPageRow,
  type QuestionRow,
  UNCOUNTED_VISIT_REASONS,
  type UncountedVisitReason,
  type VitalName,
  type VitalRow,
} from '@site/leads/insights'
import { QUESTIONS } from '@site/leads/schemas/questions'
import type { CampaignSpend } from '@site/leads/spend'
import { apportionSpend, type SpendBetween } from './campaignSpend.ts'
import { followThroughFigures } from './followThroughFigures.ts'
import type { LeadOutcome } from './leadOutcomes.ts'
import { addDays } from './maintenance.ts'
import { countsOf, type RawEvent, type RollupRow, visitorsRow } from './rollup.ts'
import { type InsightsDb, ROLLUP_DIMENSIONS } from './tables.ts'

/** A period of whole UTC days, both ends included (`YYYY-MM-DD`). */
export interface DayRange {
  from: string
  to: string
}

/** The leads received in [from, to): from the lead store in the server, from a fixture in unit tests. */
export type LeadsBetween = (from: Date, to: Date) => Promise<LeadOutcome[]>

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Whether a range is two real days in order; the error a person reads when it is not. */
export function checkRange(range: { from?: string; to?: string }): DayRange | { error: string } {
  const { from, to } = range
  if (!from || !to || !DAY.test(from) || !DAY.test(to)) return { error: 'Give from and to as YYYY-MM-DD' }
  if (Number.isNaN(Date.parse(`${from}T00:00:00Z`)) || Number.isNaN(Date.parse(`${to}T00:00:00Z`))) {
    return { error: 'Give from and to as real dates' }
  }
  if (from > to) return { error: 'from must not be after to' }
  if (dayCount({ from, to }) > 800) return { error: 'A period is at most 800 days' }
  return { from, to }
}

export function dayCount(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1
}

/** The period of the same length just before `range`. */
export function previousRange(range: DayRange): DayRange {
  const days = dayCount(range)
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) }
}

/**
 * The rollup rows of a period: `insight_daily`'s, plus the events not rolled up yet (a few minutes' worth
 * since the last upkeep), counted as the rollup will count them; their visitors count only where the day's
 * visitor set does not hold them yet. All read in one snapshot, so an upkeep that commits meanwhile counts
 * nothing twice and loses nothing.
 */
export async function periodRows(db: InsightsDb, range: DayRange): Promise<RollupRow[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const rolled = await trx
        .selectFrom('insight_daily')
        .select(['kind', ...ROLLUP_DIMENSIONS])
        .select(['bucket', (eb) => eb.fn.sum<number | string>('count').as('count')])
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy(['kind', ...ROLLUP_DIMENSIONS])
        .groupBy('bucket')
        .execute()
      const rows: RollupRow[] = rolled.map((row) => ({ ...row, day: range.from, count: Number(row.count) }))
      const unrolled = trx.selectFrom('insight_recent').where('day', '>=', range.from).where('day', '<=', range.to)
      const raw = await unrolled.selectAll().execute()
      const newVisitors = await unrolled
        .select(['day', (eb) => eb.fn.count<number | string>('visitor').distinct().as('visitors')])
        .where('type', '=', 'pageview')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('insight_day_visitors')
                .select('insight_day_visitors.day')
                .whereRef('insight_day_visitors.day', '=', 'insight_recent.day')
                .whereRef('insight_day_visitors.visitor', '=', 'insight_recent.visitor'),
            ),
          ),
        )
        .groupBy('day')
        .execute()
      const byDay = new Map<string, RawEvent[]>()
      for (const event of raw) {
        const list = byDay.get(event.day)
        if (list) list.push(event)
        else byDay.set(event.day, [event])
      }
      for (const [day, events] of byDay) rows.push(...countsOf(day, events))
      for (const { day, visitors } of newVisitors) rows.push(visitorsRow(day, Number(visitors)))
      return rows
    })
}

const rate = (leads: number, visits: number) => (visits > 0 ? Math.round((leads / visits) * 10_000) / 10_000 : 0)

function sum(rows: RollupRow[], kind: RollupRow['kind']): number {
  let total = 0
  for (const row of rows) if (row.kind === kind) total += row.count
  return total
}

export function totalsOf(rows: RollupRow[], leads: LeadOutcome[]): InsightTotals {
  const visits = sum(rows, 'visit')
  const counted = leads.filter((lead) => !lead.uncounted)
  const uncountedLeads = Object.fromEntries(
    UNCOUNTED_VISIT_REASONS.map((reason) => [reason, leads.filter((lead) => lead.uncounted === reason).length]),
  ) as Record<UncountedVisitReason, number>
  return {
    visitors: sum(rows, 'visitors'),
    pageViews: sum(rows, 'pageview'),
    visits,
    leads: counted.length,
    conversionRate: rate(counted.length, visits),
    delivered: counted.filter((lead) => lead.delivered).length,
    uncountedLeads,
  }
}

/**
 * Visits and leads by a key (landing page, campaign). A lead from a visit that was not counted is tallied
 * apart (`uncounted`), never against the counted visits: a rate stays a share of what was counted.
 */
function tally<
  Row extends { visits: number; leads: number; delivered: number; conversionRate: number; uncounted: number },
>(
  rows: RollupRow[],
  leads: LeadOutcome[],
  keyOfRow: (row: RollupRow) => string,
  keyOfLead: (lead: LeadOutcome) => string,
  make: (key: string) => Row,
): Row[] {
  const table = new Map<string, Row>()
  const entry = (key: string) => {
    let row = table.get(key)
    if (!row) {
      row = make(key)
      table.set(key, row)
    }
    return row
  }
  for (const row of rows) if (row.kind === 'visit') entry(keyOfRow(row)).visits += row.count
  for (const lead of leads) {
    const row = entry(keyOfLead(lead))
    if (lead.uncounted) {
      row.uncounted += 1
      continue
    }
    row.leads += 1
    if (lead.delivered) row.delivered += 1
  }
  for (const row of table.values()) row.conversionRate = rate(row.leads, row.visits)
  // Ties in the order of their key, whatever order the rows were read in (rollups and raw events differ).
  return [...table]
    .sort(
      ([keyA, a], [keyB, b]) => b.visits - a.visits || b.leads - a.leads || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0),
    )
    .map(([, row]) => row)
}

function landingPages(rows: RollupRow[], leads: LeadOutcome[]): LandingPageRow[] {
  return tally(
    rows,
    leads,
    (row) => row.path,
    (lead) => lead.landingPage,
    (page) => ({ page, visits: 0, leads: 0, conversionRate: 0, delivered: 0, uncounted: 0 }),
  )
}

function campaigns(rows: RollupRow[], leads: LeadOutcome[]): CampaignRow[] {
  const key = (value: { source: string; medium: string; campaign: string }) =>
    JSON.stringify([value.source, value.medium, value.campaign])
  return tally(rows, leads, key, key, (joined) => {
    const [source = '', medium = '', campaign = ''] = JSON.parse(joined) as string[]
    return { source, medium, campaign, visits: 0, leads: 0, conversionRate: 0, delivered: 0, uncounted: 0 }
  })
}

function forms(rows: RollupRow[], leads: LeadOutcome[]): FormRow[] {
  return LEAD_FORMS.map((form) => {
    const row: FormRow = { form, seen: 0, started: 0, submitted: 0, stored: 0, invalid: {}, leads: 0, delivered: 0 }
    for (const r of rows) {
      if (r.kind !== 'form' || r.form !== form) continue
      if (r.step === 'invalid') row.invalid[r.field || '(form)'] = (row.invalid[r.field || '(form)'] ?? 0) + r.count
      else if (r.step === 'seen' || r.step === 'started' || r.step === 'submitted' || r.step === 'stored') {
        row[r.step] += r.count
      }
    }
    for (const lead of leads) {
      if (lead.form !== form) continue
      row.leads += 1
      if (lead.delivered) row.delivered += 1
    }
    return row
  })
}

function questionRows(rows: RollupRow[], questions: readonly string[], branch?: string): QuestionRow[] {
  return questions.map((question) => {
    let reached = 0
    let answered = 0
    for (const row of rows) {
      if (row.kind !== 'question' || row.field !== question) continue
      if (branch !== undefined && row.branch !== branch) continue
      if (row.step === 'reached') reached += row.count
      else if (row.step === 'answered') answered += row.count
    }
    // The role question is reached before a branch exists: a branch begins with the visitors who chose it.
    if (branch !== undefined && question === 'role') reached = answered
    return { question, reached, answered, left: Math.max(0, reached - answered) }
  })
}

function questionnaire(rows: RollupRow[]): InsightsReport['questionnaire'] {
  const all = questionRows(
    rows,
    QUESTIONS.map((question) => question.id),
  )
  const roleIndex = QUESTIONS.findIndex((question) => question.id === 'role')
  const branches: Record<string, QuestionRow[]> = {}
  for (const branch of BRANCHES) {
    const asked = QUESTIONS.slice(roleIndex).filter((question) =>
      question.appliesWhen({ role: branch, writesAnnuities: 'Yes' }),
    )
    branches[branch] = questionRows(
      rows,
      asked.map((question) => question.id),
      branch,
    )
  }
  return { all, branches }
}

/** The 75th percentile of each page's vitals by device, from their buckets. */
function vitals(rows: RollupRow[]): VitalRow[] {
  const groups = new Map<string, { page: string; device: string; metric: VitalName; buckets: Map<number, number> }>()
  for (const row of rows) {
    if (row.kind !== 'vital') continue
    const key = `${row.path}\u0000${row.device}\u0000${row.metric}`
    let group = groups.get(key)
    if (!group) {
      group = { page: row.path, device: row.device, metric: row.metric as VitalName, buckets: new Map() }
      groups.set(key, group)
    }
    group.buckets.set(row.bucket, (group.buckets.get(row.bucket) ?? 0) + row.count)
  }
  return [...groups.values()]
    .map(({ page, device, metric, buckets }) => {
      const sorted = [...buckets].sort((a, b) => a[0] - b[0])
      const samples = sorted.reduce((total, [, count]) => total + count, 0)
      const target = Math.ceil(samples * 0.75)
      let seen = 0
      let p75 = 0
      for (const [value, count] of sorted) {
        seen += count
        p75 = value
        if (seen >= target) break
      }
      return { page, device, metric, samples, p75, good: p75 <= GOOD_VITALS[metric] }
    })
    .sort(
      (a, b) => a.page.localeCompare(b.page) || a.device.localeCompare(b.device) || a.metric.localeCompare(b.metric),
    )
}

/** Every figure of the Insights tool and `pnpm insights` for a period, beside the period before it. */
export async function insightsReport(
  db: InsightsDb,
  range: DayRange,
  leadsBetween: LeadsBetween,
  spendBetween?: SpendBetween,
): Promise<InsightsReport> {
  const previous = previousRange(range)
  const bounds = (r: DayRange): [Date, Date] => [
    new Date(`${r.from}T00:00:00.000Z`),
    new Date(`${addDays(r.to, 1)}T00:00:00.000Z`),
  ]
  const [rows, previousRows, leads, previousLeads, spend] = await Promise.all([
    periodRows(db, range),
    periodRows(db, previous),
    leadsBetween(...bounds(range)),
    leadsBetween(...bounds(previous)),
    spendBetween?.(range) ?? [],
  ])
  return reportOf({ range, rows, leads, spend }, { range: previous, rows: previousRows, leads: previousLeads })
}

export interface PeriodFigures {
  range: DayRange
  rows: RollupRow[]
  leads: LeadOutcome[]
  /** The spend documents of the period's months (campaignSpend.ts), apportioned to its days here. */
  spend?: CampaignSpend[]
}

/** The report of a period's rollup rows and leads, beside the period before it. */
export function reportOf(period: PeriodFigures, previous: PeriodFigures): InsightsReport {
  const { rows, leads } = period
  return {
    range: period.range,
    previous: previous.range,
    totals: totalsOf(rows, leads),
    previousTotals: totalsOf(previous.rows, previous.leads),
    landingPages: landingPages(rows, leads),
    campaigns: campaigns(rows, leads),
    forms: forms(rows, leads),
    questionnaire: questionnaire(rows),
    vitals: vitals(rows),
    followThrough: followThroughFigures(leads, apportionSpend(period.spend ?? [], period.range)),
  }
}
