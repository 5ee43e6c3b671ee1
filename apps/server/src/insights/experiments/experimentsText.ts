import type { ExperimentFigures, RateInterval } from '@site/leads/experiments'

const percent = (value: number) => `${(value * 100).toFixed(1)} %`
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)}`
const range = (interval: RateInterval | null | undefined, format: (value: number) => string) =>
  interval ? `${format(interval.low)} to ${format(interval.high)}` : '—'

/** `pnpm insights experiments`: each experiment with its variants' figures and its decision, for a person. */
export function experimentsText(experiments: ExperimentFigures[]): string {
  if (experiments.length === 0) return 'No experiments have run yet (drafts are not listed).\n'
  const blocks = experiments.map((experiment) => {
    const header = [
      `${experiment.title} (${experiment.id})`,
      `  Page ${experiment.page} · ${experiment.status}${experiment.promotedVariant ? ` (${experiment.promotedVariant} promoted)` : ''} · goal: ${experiment.goal === 'any' ? 'a lead from any form' : `a ${experiment.goal} lead`} · since ${experiment.startsAt.slice(0, 10)}${experiment.endsAt ? ` until ${experiment.endsAt.slice(0, 10)}` : ''}`,
    ]
    const rows = [
      ['Variant', 'Weight', 'Views', 'Leads', 'Rate', 'Rate interval', 'vs control (points)', 'Interval (points)'],
      ...experiment.variants.map((variant) => [
        `${variant.label} [${variant.key}]${variant.control ? ' (control)' : ''}`,
        `${variant.weight} %`,
        String(variant.exposures),
        String(variant.leads),
        variant.conversionRate === null ? '—' : percent(variant.conversionRate),
        range(variant.rateInterval, percent),
        variant.control || variant.difference === null || variant.difference === undefined
          ? ''
          : signed(variant.difference),
        variant.control ? '' : range(variant.differenceInterval, signed),
      ]),
    ]
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
    const table = rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd())
    const warning = experiment.sampleRatio.mismatch
      ? [
          `  Warning: the page views do not split as the weights say (sample ratio mismatch, p = ${experiment.sampleRatio.pValue.toExponential(1)}): check the split before trusting these figures.`,
        ]
      : []
    return [...header, ...table, ...warning, `  ${experiment.decision}`].join('\n')
  })
  return `${blocks.join('\n\n')}\n\nIntervals stay valid however often they are looked at (mSPRT, docs/decisions/0021).\n`
}
