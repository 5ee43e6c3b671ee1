/**
 * `pnpm bench:experiment-lighthouse` → bench/experiment-lighthouse-results.md: cold Lighthouse (as its CLI runs
 * it, lighthouse.ts) on each variant of each running experiment of the built site (apps/web/dist, `pnpm build`
 * first), served as `pnpm serve` serves a split page. Each variant is measured on a copy of the site whose
 * `_experiments.json` gives it all the weight, so every run is that variant through the real split path
 * (private, no-store, the exposure beacon); runs alternate between the variants. Issue 41's target: performance 100 and CLS 0 on every variant.
 * Options: `--runs N` (default 5). Not part of the tests.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { EXPERIMENTS_MANIFEST_FILE, type ExperimentsManifest, type ManifestExperiment } from '@site/leads/experiments'
import { measureCold, type PageMeasurement } from './lighthouse.ts'
import { freePort } from './net.ts'
import { benchDir, webDir } from './paths.ts'
import { startProductionServer } from './productionServer.ts'
import { median } from './stats.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not "${values.runs}"`)

const site = join(webDir, 'dist')
const manifest = JSON.parse(readFileSync(join(site, EXPERIMENTS_MANIFEST_FILE), 'utf8')) as ExperimentsManifest
if (manifest.experiments.length === 0) throw new Error('The built site runs no experiment: nothing to measure')

/** One site copy per variant, each giving that variant all the weight, served as `pnpm serve` serves it. */
interface Measured {
  experiment: ManifestExperiment
  variant: ManifestExperiment['variants'][number]
  copy: string
  port: number
  close: () => Promise<void>
  runs: PageMeasurement[]
}
const sites: Measured[] = []
for (const experiment of manifest.experiments) {
  for (const variant of experiment.variants) {
    const copy = mkdtempSync(join(tmpdir(), 'experiment-lighthouse-'))
    cpSync(site, copy, { recursive: true })
    const only: ExperimentsManifest = {
      experiments: manifest.experiments.map((each) =>
        each.id === experiment.id
          ? { ...each, variants: each.variants.map((v) => ({ ...v, weight: v.key === variant.key ? 100 : 0 })) }
          : each,
      ),
    }
    writeFileSync(join(copy, EXPERIMENTS_MANIFEST_FILE), JSON.stringify(only))
    const port = await freePort()
    const { close } = await startProductionServer(copy, port)
    sites.push({ experiment, variant, copy, port, close, runs: [] })
  }
}
// Runs alternate between the variants, so the machine's load falls on each alike.
try {
  for (let run = 0; run < runs; run += 1) {
    for (const measured of sites) {
      const result = await measureCold(`http://127.0.0.1:${measured.port}${measured.experiment.path}`)
      measured.runs.push(result)
      process.stderr.write(
        `${measured.experiment.id} ${measured.variant.key} run ${run + 1}: performance ${result.performance}, CLS ${result.cls.toFixed(4)}\n`,
      )
    }
  }
} finally {
  for (const measured of sites) {
    await measured.close()
    rmSync(measured.copy, { recursive: true, force: true })
  }
}

const rows = sites.map(({ experiment, variant, runs: measured }) => {
  const of = (pick: (m: PageMeasurement) => number) => measured.map(pick)
  const performance = of((m) => m.performance)
  return `| ${experiment.id} | ${variant.key}${variant.control ? ' (control)' : ''} | ${experiment.path} | ${median(performance)} (${Math.min(...performance)}–${Math.max(...performance)}) | ${Math.max(...of((m) => m.cls)).toFixed(4)} | ${median(of((m) => m.lcpMs)).toFixed(0)} | ${median(of((m) => m.tbtMs)).toFixed(0)} | ${median(of((m) => m.accessibility))} |`
})

const lines = [
  '# Cold Lighthouse on each experiment variant',
  '',
  `\`pnpm bench:experiment-lighthouse\`, ${new Date().toISOString()}, load ${loadavg()[0]?.toFixed(1)} at the end, ${runs} cold runs per variant, alternating (mobile preset, simulated throttling), served by \`pnpm serve\`'s split path.`,
  '',
  '| experiment | variant | page | performance, median (min–max) | CLS, worst run | LCP ms, median | TBT ms, median | accessibility, median |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
]
writeFileSync(join(benchDir, 'experiment-lighthouse-results.md'), `${lines.join('\n')}\n`)
process.stdout.write(`${lines.join('\n')}\n`)
