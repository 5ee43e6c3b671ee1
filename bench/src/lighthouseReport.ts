import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { HOME_JS_GOAL_KB, type ScriptSize } from './bundles.ts'
import type { PageMeasurement } from './lighthouse.ts'
import { median } from './stats.ts'

export interface RouteResult {
  route: string
  prerendered: PageMeasurement[]
  clientOnly: PageMeasurement[]
}

export interface LighthouseReport {
  machine: string
  runs: number
  /** False when `--routes` measured only some routes. */
  allRoutes: boolean
  results: RouteResult[]
  homeScripts: {
    /** What the production home page's HTML loads up front: scripts, modulepreloads and their static imports. */
    declared: ScriptSize[]
    /** What Lighthouse saw it load (empty when `/` was not measured), and the client-only home page. */
    loaded: ScriptSize[]
    clientOnlyLoaded: ScriptSize[]
  }
  libraryChunks: Record<string, string[]>
  formRoutes: string[]
  /** clientOnly: undefined when the client-only variant was not run (`--prerendered-only`). */
  buildMs: { prerendered: number; clientOnly?: number }
}

type Medians = Pick<
  PageMeasurement,
  'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'lcpMs' | 'tbtMs' | 'cls'
> & {
  scriptKb: number
}

function medians(runs: PageMeasurement[]): Medians {
  const of = (pick: (run: PageMeasurement) => number) => median(runs.map(pick))
  return {
    performance: of((run) => run.performance),
    accessibility: of((run) => run.accessibility),
    bestPractices: of((run) => run.bestPractices),
    seo: of((run) => run.seo),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    scriptKb: of((run) => run.scriptTransferBytes) / 1000,
  }
}

interface Target {
  label: string
  /** The worst route's median, formatted, and whether every route meets the target. */
  check: (rows: Array<{ route: string; value: Medians }>) => { worst: string; pass: boolean }
}

const atLeast = (label: string, pick: (value: Medians) => number, limit: number, unit = ''): Target => ({
  label,
  check: (rows) => worstOf(rows, pick, 'min', (value) => value >= limit, unit),
})
const atMost = (label: string, pick: (value: Medians) => number, limit: number, unit = '', digits = 0): Target => ({
  label,
  check: (rows) => worstOf(rows, pick, 'max', (value) => value <= limit, unit, digits),
})

function worstOf(
  rows: Array<{ route: string; value: Medians }>,
  pick: (value: Medians) => number,
  direction: 'min' | 'max',
  meets: (value: number) => boolean,
  unit: string,
  digits = 0,
) {
  const sorted = [...rows].sort((a, b) =>
    direction === 'min' ? pick(a.value) - pick(b.value) : pick(b.value) - pick(a.value),
  )
  const worst = sorted[0]
  if (!worst) return { worst: 'not measured', pass: false }
  const failing = rows.filter((row) => !meets(pick(row.value))).map((row) => row.route)
  const note = failing.length > 0 ? `; fails on ${failing.join(', ')}` : ''
  return { worst: `${pick(worst.value).toFixed(digits)}${unit} (${worst.route})${note}`, pass: failing.length === 0 }
}

const TARGETS: Target[] = [
  atLeast('performance ≥ 95 on every route', (value) => value.performance, 95),
  atLeast('accessibility = 100 on every route', (value) => value.accessibility, 100),
  atLeast('best practices = 100 on every route', (value) => value.bestPractices, 100),
  atLeast('SEO = 100 on every route', (value) => value.seo, 100),
  atMost('LCP ≤ 1.0 s (simulated mobile, cold)', (value) => value.lcpMs, 1000, ' ms'),
  atMost('TBT ≤ 50 ms', (value) => value.tbtMs, 50, ' ms'),
  atMost('CLS 0.000 (as Lighthouse rounds it)', (value) => value.cls, 0.0005, '', 3),
]

export function describeMachine(results: RouteResult[], loadAverages: { start: number; end: number }): string {
  const cpu = cpus()
  const all = results.flatMap((result) => [...result.prerendered, ...result.clientOnly])
  const chromium = execFileSync(process.env.CHROME_PATH || '/usr/bin/chromium', ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim()
  return [
    `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    `Node ${process.version}, ${chromium}, Lighthouse ${all[0]?.lighthouseVersion ?? '?'}`,
    `Lighthouse benchmarkIndex (median) ${Math.round(median(all.map((run) => run.benchmarkIndex)))}`,
    `load average ${loadAverages.start.toFixed(1)} at the start, ${loadAverages.end.toFixed(1)} at the end (other work on the machine inflates TBT)`,
  ].join('; ')
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1)
const sumGzip = (scripts: ScriptSize[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0)

/** Writes the report and returns its one-line summary. */
export function writeLighthouseReport(file: string, report: LighthouseReport): string {
  const rows = report.results.map((result) => ({
    route: result.route,
    value: medians(result.prerendered),
    client: result.clientOnly.length > 0 ? medians(result.clientOnly) : undefined,
  }))
  const compared = rows.every((row) => row.client !== undefined)
  // What `/` really loads (lazy chunks of its interactive sections too); the HTML's own list if `/` was not run.
  const { declared, loaded } = report.homeScripts
  const homeScripts = loaded.length > 0 ? loaded : declared
  const homeKb = sumGzip(homeScripts) / 1000
  const targets = [
    ...TARGETS.map((target) => ({ label: target.label, ...target.check(rows) })),
    {
      label: `home page JS ≤ ${HOME_JS_GOAL_KB} kB gzip`,
      worst: `${homeKb.toFixed(1)} kB`,
      pass: homeKb <= HOME_JS_GOAL_KB,
    },
  ]
  const loadedLibraries = libraryLoads(report)
  const lcpRatios = rows.flatMap((row) => (row.client ? [row.value.lcpMs / row.client.lcpMs] : []))

  const lines = [
    '# Lighthouse benchmark',
    '',
    `Generated by \`pnpm bench\` (bench/README.md) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `- Machine: ${report.machine}.`,
    `- Lighthouse defaults: mobile form factor, simulated throttling (slow 4G, 4× CPU slowdown). ${report.runs} run(s) per route and variant, interleaved; every figure is the median of the runs.` +
      (report.runs < 3
        ? ' **Fewer runs than the default 3** (`--runs`), so scores can be a few points off a median.'
        : ''),
    `- Routes: ${report.results.length}${report.allRoutes ? ' (every route of the sitemap)' : ' (a subset, chosen with --routes)'}.`,
    compared
      ? `- Variants: **prerendered** is the production build (HTML with content, hydrates); **client-only** is the same app as a plain SPA — an empty HTML shell whose JavaScript fetches the route's content from the query API at run time. Build times: ${(report.buildMs.prerendered / 1000).toFixed(1)} s and ${((report.buildMs.clientOnly ?? 0) / 1000).toFixed(1)} s.`
      : `- Variant: **prerendered**, the production build (HTML with content, hydrates), built in ${(report.buildMs.prerendered / 1000).toFixed(1)} s. The client-only SPA it is usually compared with was not run (\`--prerendered-only\`).`,
    `- Serving: as pnpm serve serves (apps/server/src/siteServer.ts: the hosting contract, compression on, the lead and insights endpoints on a scratch store)${compared ? "; the client-only variant's query API answers gzip-compressed too, like Sanity's" : ''}. JS kB: bytes transferred for the page's scripts (compressed), from Lighthouse's network requests. 1 kB = 1000 bytes.`,
    '',
    '## Targets (production build)',
    '',
    '| target | worst route (median) | verdict |',
    '|---|---|---|',
    ...targets.map((target) => `| ${target.label} | ${target.worst} | ${target.pass ? 'PASS' : '**FAIL**'} |`),
    `| form libraries only on routes with a form | ${loadedLibraries.summary} | ${loadedLibraries.pass ? 'PASS' : '**FAIL**'} |`,
    '',
    '## Prerendered (production build)',
    '',
    ...metricsTable(rows.map((row) => ({ route: row.route, value: row.value }))),
    '',
    ...(compared
      ? clientOnlyComparison(
          rows.flatMap(({ client, ...row }) => (client ? [{ ...row, client }] : [])),
          lcpRatios,
        )
      : []),
    '## Home page JavaScript',
    '',
    `What the production \`/\` loads${loaded.length > 0 ? ', as Lighthouse saw it' : ' up front (`/` was not run: read from its HTML)'}; sizes read from the built output, gzip level 6. ` +
      "Up front: the module scripts and modulepreloads of its HTML, the bootstrap's `import()`, and their static imports; " +
      'the rest are lazy chunks, of the sections that need JavaScript (sections that do not keep their prerendered markup and load no code).',
    '',
    '| chunk | raw kB | gzip kB | |',
    '|---|---:|---:|---|',
    ...homeScripts.map(
      (script) =>
        `| ${script.path} | ${kb(script.rawBytes)} | ${kb(script.gzipBytes)} | ${declared.some((upFront) => upFront.path === script.path) ? 'up front' : 'lazy'} |`,
    ),
    `| **total** | **${kb(homeScripts.reduce((sum, script) => sum + script.rawBytes, 0))}** | **${homeKb.toFixed(1)}** | |`,
    '',
    ...(loaded.length > 0 && compared
      ? [
          `Client-only variant: ${kb(sumGzip(report.homeScripts.clientOnlyLoaded))} kB gzip in ${report.homeScripts.clientOnlyLoaded.length} files (it bundles @sanity/client).`,
          '',
        ]
      : []),
    '## Form libraries',
    '',
    '| library | chunks (production build) | loaded on (Lighthouse network requests) |',
    '|---|---|---|',
    ...loadedLibraries.rows,
    '',
    `Routes with a lead form (from the content): ${report.formRoutes.join(', ') || 'none'}.`,
    ...failedAuditNotes(report.results),
  ]
  writeFileSync(file, `${lines.join('\n')}\n`)

  const failing = targets.filter((target) => !target.pass).map((target) => target.label)
  const worst = (pick: (value: Medians) => number, direction: 1 | -1) =>
    rows
      .map((row) => pick(row.value))
      .reduce((a, b) => (direction * (b - a) > 0 ? b : a), direction === 1 ? -Infinity : Infinity)
  return [
    `bench: ${rows.length} routes × ${report.runs} runs —`,
    `perf min ${worst((value) => value.performance, -1)},`,
    `LCP max ${Math.round(worst((value) => value.lcpMs, 1))} ms,`,
    `TBT max ${Math.round(worst((value) => value.tbtMs, 1))} ms,`,
    `CLS max ${worst((value) => value.cls, 1).toFixed(3)},`,
    `home JS ${homeKb.toFixed(1)} kB gzip,`,
    ...(compared ? [`LCP prerendered/client-only median ${median(lcpRatios).toFixed(2)} —`] : []),
    failing.length === 0 ? 'all targets met' : `FAIL: ${failing.join('; ')}`,
    '(bench/results.md)',
  ].join(' ')
}

function clientOnlyComparison(rows: Array<{ route: string; value: Medians; client: Medians }>, lcpRatios: number[]) {
  return [
    '## Client-only (plain SPA)',
    '',
    ...metricsTable(rows.map((row) => ({ route: row.route, value: row.client }))),
    '',
    '## LCP: prerendered / client-only',
    '',
    '| route | prerendered LCP | client-only LCP | ratio |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (row, index) =>
        `| ${row.route} | ${Math.round(row.value.lcpMs)} ms | ${Math.round(row.client.lcpMs)} ms | ${lcpRatios[index]?.toFixed(2)} |`,
    ),
    `| **median** | | | **${median(lcpRatios).toFixed(2)}** |`,
    '',
  ]
}

function metricsTable(rows: Array<{ route: string; value: Medians }>): string[] {
  return [
    '| route | performance | accessibility | best practices | SEO | LCP | TBT | CLS | JS kB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ route, value }) =>
        `| ${route} | ${value.performance} | ${value.accessibility} | ${value.bestPractices} | ${value.seo} | ${Math.round(value.lcpMs)} ms | ${Math.round(value.tbtMs)} ms | ${value.cls.toFixed(3)} | ${value.scriptKb.toFixed(1)} |`,
    ),
  ]
}

/** Which routes of the production build loaded a chunk containing each form library. */
function libraryLoads(report: LighthouseReport) {
  const formRoutes = new Set(report.formRoutes)
  const offenders = new Set<string>()
  const rows = Object.entries(report.libraryChunks).map(([library, chunks]) => {
    const routes = report.results
      .filter((result) => result.prerendered.some((run) => run.scriptPaths.some((path) => chunks.includes(path))))
      .map((result) => result.route)
    for (const route of routes) if (!formRoutes.has(route)) offenders.add(route)
    return `| ${library} | ${chunks.join(', ') || 'none'} | ${routes.join(', ') || 'no measured route'} |`
  })
  const summary =
    offenders.size > 0 ? `loaded without a form on ${[...offenders].join(', ')}` : 'loaded only on form routes'
  return { rows, pass: offenders.size === 0, summary }
}

function failedAuditNotes(results: RouteResult[]): string[] {
  const counts = new Map<string, Set<string>>()
  for (const result of results) {
    for (const run of result.prerendered) {
      for (const audit of run.failedAudits) counts.set(audit, (counts.get(audit) ?? new Set()).add(result.route))
    }
  }
  if (counts.size === 0) return []
  return [
    '',
    '## Audits that failed in at least one run (production build)',
    '',
    ...[...counts].map(([audit, routes]) => `- ${audit}: ${[...routes].join(', ')}`),
  ]
}
