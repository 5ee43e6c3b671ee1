import {
  BRANCHES,
  conversionText,
  dollarsText,
  formTitle,
  type InsightsReport,
  type InsightTotals,
  percentText,
  questionTitle,
  uncountedText,
} from '@site/leads/insights'

/** A table of the Insights tool: its columns (key, heading, how a cell reads) and rows, shown and exported alike. */
export interface FigureTable {
  id: string
  title: string
  columns: Array<{ key: string; title: string; numeric?: boolean }>
  rows: Array<Record<string, string | number>>
}

/** The change from the previous period, as a marketer reads it: "+50.0 %", "−25.0 %", "new", "—". */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? '—' : 'new'
  const delta = (now - before) / before
  return `${delta >= 0 ? '+' : '−'}${Math.abs(delta * 100).toFixed(1)} %`
}

/** The totals a headline shows: each a number. */
type HeadlineKey = Exclude<keyof InsightTotals, 'uncountedLeads'>

export interface Headline {
  key: HeadlineKey
  title: string
  value: string
  previous: string
  change: string
}

const HEADLINES: Array<[HeadlineKey, string]> = [
  ['visitors', 'Visitors'],
  ['visits', 'Visits'],
  ['pageViews', 'Page views'],
  ['leads', 'Leads'],
  ['conversionRate', 'Conversion rate'],
  ['delivered', 'Leads in the CRM'],
]

/**
 * The leads left out of the headline figures because their visits were not counted, and why (a bot or
 * headless browser, Global Privacy Control); undefined when there were none.
 */
export function uncountedNote(report: InsightsReport): string | undefined {
  const text = uncountedText(report.totals.uncountedLeads)
  return text
    ? `Leads from visits that are not counted (${text}) are left out of Leads and the conversion rates: they are in the Leads tool.`
    : undefined
}

export function headlines(report: InsightsReport): Headline[] {
  return HEADLINES.map(([key, title]) => {
    const show = (totals: InsightTotals) =>
      key === 'conversionRate' ? conversionText(totals) : totals[key].toLocaleString('en')
    return {
      key,
      title,
      value: show(report.totals),
      previous: show(report.previousTotals),
      change: change(report.totals[key], report.previousTotals[key]),
    }
  })
}

const QUESTION_COLUMNS: FigureTable['columns'] = [
  { key: 'question', title: 'Question' },
  { key: 'reached', title: 'Reached', numeric: true },
  { key: 'answered', title: 'Answered', numeric: true },
  { key: 'left', title: 'Left here', numeric: true },
  { key: 'kept', title: 'Answered of reached', numeric: true },
]

const questionRows = (rows: InsightsReport['questionnaire']['all']) =>
  rows.map((row) => ({
    ...row,
    question: questionTitle(row.question),
    kept: row.reached > 0 ? percentText(row.answered / row.reached) : '—',
  }))

/** Every table the tool shows, in its order; each is also a CSV file. */
export function figureTables(report: InsightsReport): FigureTable[] {
  return [
    {
      id: 'landing-pages',
      title: 'Landing pages',
      columns: [
        { key: 'page', title: 'Landing page' },
        { key: 'visits', title: 'Visits', numeric: true },
        { key: 'leads', title: 'Leads', numeric: true },
        { key: 'conversion', title: 'Conversion', numeric: true },
        { key: 'delivered', title: 'In the CRM', numeric: true },
        { key: 'uncounted', title: 'Leads from uncounted visits', numeric: true },
      ],
      rows: report.landingPages.map((row) => ({ ...row, conversion: conversionText(row) })),
    },
    {
      id: 'campaigns',
      title: 'Sources, media and campaigns',
      columns: [
        { key: 'source', title: 'Source' },
        { key: 'medium', title: 'Medium' },
        { key: 'campaign', title: 'Campaign' },
        { key: 'visits', title: 'Visits', numeric: true },
        { key: 'leads', title: 'Leads', numeric: true },
        { key: 'conversion', title: 'Conversion', numeric: true },
        { key: 'delivered', title: 'In the CRM', numeric: true },
        { key: 'uncounted', title: 'Leads from uncounted visits', numeric: true },
      ],
      rows: report.campaigns.map((row) => ({ ...row, conversion: conversionText(row) })),
    },
    ...campaignCosts(report),
    {
      id: 'forms',
      title: 'Forms: seen → started → submitted → stored',
      columns: [
        { key: 'form', title: 'Form' },
        { key: 'seen', title: 'Seen', numeric: true },
        { key: 'started', title: 'Started', numeric: true },
        { key: 'submitted', title: 'Submitted', numeric: true },
        { key: 'stored', title: 'Stored', numeric: true },
        { key: 'leads', title: 'Leads', numeric: true },
        { key: 'delivered', title: 'In the CRM', numeric: true },
        { key: 'invalid', title: 'Validation messages' },
      ],
      rows: report.forms.map((row) => ({
        ...row,
        form: formTitle(row.form),
        invalid:
          Object.entries(row.invalid)
            .map(([field, count]) => `${field}: ${count}`)
            .join(', ') || '—',
      })),
    },
    {
      id: 'questionnaire',
      title: 'Questionnaire, question by question (everyone)',
      columns: QUESTION_COLUMNS,
      rows: questionRows(report.questionnaire.all),
    },
    ...BRANCHES.map((branch) => ({
      id: `questionnaire-${branch.toLowerCase().replace(/\W+/g, '-')}`,
      title: `Questionnaire: ${branch}`,
      columns: QUESTION_COLUMNS,
      rows: questionRows(report.questionnaire.branches[branch] ?? []),
    })),
    {
      id: 'vitals',
      title: 'Core Web Vitals of real visits (75th percentile)',
      columns: [
        { key: 'page', title: 'Page' },
        { key: 'device', title: 'Device' },
        { key: 'metric', title: 'Metric' },
        { key: 'p75', title: 'p75', numeric: true },
        { key: 'samples', title: 'Samples', numeric: true },
        { key: 'verdict', title: 'Google’s “good”' },
      ],
      rows: report.vitals.map(({ good, ...row }) => ({ ...row, verdict: good ? 'good' : 'needs work' })),
    },
  ]
}

/**
 * Each campaign's leads through to revenue, its spend in the period (the Campaign spend documents,
 * apportioned by days) and what a lead and a qualified lead cost; absent from a server without these figures.
 */
function campaignCosts(report: InsightsReport): FigureTable[] {
  const rows = report.followThrough?.byCampaign
  if (!rows) return []
  return [
    {
      id: 'campaign-costs',
      title: 'Campaigns: leads to revenue, spend and cost per lead',
      columns: [
        { key: 'source', title: 'Source' },
        { key: 'medium', title: 'Medium' },
        { key: 'campaign', title: 'Campaign' },
        { key: 'leads', title: 'Leads', numeric: true },
        { key: 'qualified', title: 'Qualified', numeric: true },
        { key: 'won', title: 'Won', numeric: true },
        { key: 'wonValue', title: 'Won value', numeric: true },
        { key: 'spend', title: 'Spend', numeric: true },
        { key: 'costPerLead', title: 'Cost per lead', numeric: true },
        { key: 'costPerQualifiedLead', title: 'Cost per qualified lead', numeric: true },
      ],
      rows: rows.map((row) => ({
        source: row.source,
        medium: row.medium,
        campaign: row.campaign,
        leads: row.leads,
        qualified: row.qualified,
        won: row.won,
        wonValue: dollarsText(row.wonValue),
        spend: dollarsText(row.spend),
        costPerLead: dollarsText(row.costPerLead),
        costPerQualifiedLead: dollarsText(row.costPerQualifiedLead),
      })),
    },
  ]
}

/**
 * A table as CSV (RFC 4180: quoted where needed, CRLF). Campaign names and paths come from visitors'
 * addresses, so a cell a spreadsheet would run as a formula (=, +, -, @) is prefixed with an apostrophe.
 */
export function tableCsv(table: FigureTable): string {
  const cell = (value: string | number | undefined) => {
    if (typeof value === 'number') return String(value)
    let text = value ?? ''
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
  }
  const lines = [
    table.columns.map((column) => cell(column.title)),
    ...table.rows.map((row) => table.columns.map((column) => cell(row[column.key]))),
  ]
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`
}
