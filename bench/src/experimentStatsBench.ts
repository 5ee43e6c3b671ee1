/**
 * `pnpm bench:experiment-stats` → bench/experiment-stats-results.md: the long simulation of the experiment
 * statistics (apps/server/src/insights/experiments/statistics.ts, decision 0021). A/A experiments at several
 * base rates, each looked at after every 100 page views for up to 50,000: how many ever name a winner
 * (bound: 5 %); and true +20 % relative lifts: how many are found, and at what sample size, beside the sample
 * size a fixed-horizon test needs (80 % power, 5 %). Seeded: the same figures on every run. Not a test.
 */
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { fixedHorizonViews, simulateExperiments } from '../../apps/server/src/insights/experiments/simulation.ts'
import { benchDir } from './paths.ts'
import { seeded } from './seeded.ts'
import { median } from './stats.ts'

const { values } = parseArgs({
  options: {
    experiments: { type: 'string', default: '2000' },
    'max-views': { type: 'string', default: '50000' },
    out: { type: 'string', default: 'experiment-stats-results.md' },
  },
})
const experiments = Number(values.experiments)
const maxViews = Number(values['max-views'])
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

const lines = [
  '# Experiment statistics: the long simulation',
  '',
  `\`pnpm bench:experiment-stats\`, ${new Date().toISOString()}, load ${loadavg()[0]?.toFixed(1)}: ${experiments} experiments a row, 50/50, looked at after every 100 page views, at most ${maxViews.toLocaleString('en-US')} page views each (mSPRT, decision 0021).`,
  '',
  '| case | base rate | variant rate | named a winner | median page views at detection | 90th percentile | fixed horizon (80 % power) |',
  '| --- | --- | --- | --- | --- | --- | --- |',
]
for (const [index, base] of [0.02, 0.05, 0.1].entries()) {
  for (const lift of [0, 0.2]) {
    const started = Date.now()
    const result = simulateExperiments({
      experiments,
      controlRate: base,
      variantRate: base * (1 + lift),
      maxViews,
      checkEvery: 100,
      random: seeded(1000 + index * 10 + lift * 10),
    })
    const sorted = [...result.viewsAtDeclaration].sort((a, b) => a - b)
    const share = `${result.declared} (${((100 * result.declared) / experiments).toFixed(1)} %)`
    lines.push(
      lift === 0
        ? `| A/A | ${base * 100} % | ${base * 100} % | ${share} | — | — | — |`
        : `| +20 % relative | ${base * 100} % | ${(base * 120).toFixed(1)} % | ${share} | ${median(sorted).toLocaleString('en-US')} | ${quantile(sorted, 0.9).toLocaleString('en-US')} | ${fixedHorizonViews(base, base * 1.2).toLocaleString('en-US')} |`,
    )
    process.stderr.write(`${lines.at(-1)} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`)
  }
}
writeFileSync(join(benchDir, values.out), `${lines.join('\n')}\n`)
process.stdout.write(`${lines.join('\n')}\n`)
