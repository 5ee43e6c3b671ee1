import {
  conversionText,
  dollarsText,
  formTitle,
  type InsightsReport,
  type InsightTotals,
  questionTitle,
  uncountedText,
} from '@site/leads/insights'

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? '' : '(new)'
  const delta = ((now - before) / before) * 100
  return `(${delta >= 0 ? '+' : ''}${delta.toFixed(0)} %)`
}

/** Rows as aligned columns, the header first. */
function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map(String))]
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)))
  return cells
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** The report as `pnpm insights` prints it: totals against the previous period, then each table. */
export function reportText(report: InsightsReport): string {
  const { totals: now, previousTotals: before } = report
  const line = (
    label: string,
    key: Exclude<keyof InsightTotals, 'uncountedLeads'>,
    format = (value: number) => String(value),
  ) => [label, format(now[key]), `${format(before[key])} ${change(now[key], before[key])}`.trim()]
  const conversion = [
    'Conversion',
    conversionText(now),
    `${conversionText(before)} ${before.visits > 0 ? change(now.conversionRate, before.conversionRate) : ''}`.trim(),
  ]
  const sections = [
    `Insights ${report.range.from} to ${report.range.to} (previous: ${report.previous.from} to ${report.previous.to})`,
    table(
      ['', 'this period', 'previous'],
      [
        line('Visitors', 'visitors'),
        line('Visits', 'visits'),
        line('Page views', 'pageViews'),
        line('Leads', 'leads'),
        conversion,
        line('Reached the CRM', 'delivered'),
      ],
    ),
    ...uncountedNote(now),
    'By landing page',
    table(
      ['page', 'visits', 'leads', 'conversion', 'delivered', 'not counted'],
      report.landingPages.map((row) => [
        row.page,
        row.visits,
        row.leads,
        conversionText(row),
        row.delivered,
        row.uncounted || '',
      ]),
    ),
    'By source / medium / campaign',
    table(
      ['source', 'medium', 'campaign', 'visits', 'leads', 'conversion', 'delivered', 'not counted'],
      report.campaigns.map((row) => [
        row.source,
        row.medium,
        row.campaign,
        row.visits,
        row.leads,
        conversionText(row),
        row.delivered,
        row.uncounted || '',
      ]),
    ),
    ...costSection(report),
    'By form (seen -> started -> submitted -> stored)',
    table(
      ['form', 'seen', 'started', 'submitted', 'stored', 'leads', 'delivered', 'validation messages'],
      report.forms.map((row) => [
        formTitle(row.form),
        row.seen,
        row.started,
        row.submitted,
        row.stored,
        row.leads,
        row.delivered,
        Object.entries(row.invalid)
          .map(([field, count]) => `${field} ${count}`)
          .join(', '),
      ]),
    ),
    'Questionnaire, question by question',
    table(
      ['question', 'reached', 'answered', 'left'],
      report.questionnaire.all.map((row) => [questionTitle(row.question), row.reached, row.answered, row.left]),
    ),
    ...Object.entries(report.questionnaire.branches).flatMap(([branch, rows]) => [
      `Questionnaire, branch ${branch}`,
      table(
        ['question', 'reached', 'answered', 'left'],
        rows.map((row) => [questionTitle(row.question), row.reached, row.answered, row.left]),
      ),
    ]),
    'Core Web Vitals (75th percentile)',
    table(
      ['page', 'device', 'metric', 'samples', 'p75', 'good'],
      report.vitals.map((row) => [row.page, row.device, row.metric, row.samples, row.p75, row.good ? 'yes' : 'no']),
    ),
  ]
  return `${sections.join('\n\n')}\n`
}

/** What each campaign's leads and qualified leads cost, from its spend apportioned to the period. */
function costSection(report: InsightsReport): string[] {
  const rows = report.followThrough?.byCampaign ?? []
  if (!rows.some((row) => row.spend !== null)) return []
  return [
    'Cost by source / medium / campaign (Campaign spend, apportioned to the period by days)',
    table(
      ['source', 'medium', 'campaign', 'leads', 'qualified', 'won', 'spend', 'per lead', 'per qualified lead'],
      rows.map((row) => [
        row.source,
        row.medium,
        row.campaign,
        row.leads,
        row.qualified,
        row.won,
        dollarsText(row.spend),
        dollarsText(row.costPerLead),
        dollarsText(row.costPerQualifiedLead),
      ]),
    ),
  ]
}

/** Leads whose visits were not counted, and why: outside "Leads" and every rate, so no rate passes 100 %. */
function uncountedNote(totals: InsightTotals): string[] {
  const text = uncountedText(totals.uncountedLeads)
  if (!text) return []
  return [
    `Not counted: leads from visits the figures do not count (${text}). They are stored and delivered as any lead, ` +
      'and left out of "Leads" and the conversion rates ("not counted" below).',
  ]
}
