import type { InsightsReport, InsightTotals } from '@site/leads/insights'

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`

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
  const line = (label: string, key: keyof InsightTotals, format = (value: number) => String(value)) => [
    label,
    format(now[key]),
    `${format(before[key])} ${change(now[key], before[key])}`.trim(),
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
        line('Conversion', 'conversionRate', percent),
        line('Reached the CRM', 'delivered'),
      ],
    ),
    'By landing page',
    table(
      ['page', 'visits', 'leads', 'conversion', 'delivered'],
      report.landingPages.map((row) => [row.page, row.visits, row.leads, percent(row.conversionRate), row.delivered]),
    ),
    'By source / medium / campaign',
    table(
      ['source', 'medium', 'campaign', 'visits', 'leads', 'conversion', 'delivered'],
      report.campaigns.map((row) => [
        row.source,
        row.medium,
        row.campaign,
        row.visits,
        row.leads,
        percent(row.conversionRate),
        row.delivered,
      ]),
    ),
    'By form (seen -> started -> submitted -> stored)',
    table(
      ['form', 'seen', 'started', 'submitted', 'stored', 'leads', 'delivered', 'validation messages'],
      report.forms.map((row) => [
        row.form,
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
      report.questionnaire.all.map((row) => [row.question, row.reached, row.answered, row.left]),
    ),
    ...Object.entries(report.questionnaire.branches).flatMap(([branch, rows]) => [
      `Questionnaire, branch ${branch}`,
      table(
        ['question', 'reached', 'answered', 'left'],
        rows.map((row) => [row.question, row.reached, row.answered, row.left]),
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
