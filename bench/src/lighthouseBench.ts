/**
 * `pnpm bench`: builds the site twice (prerendered as production builds it, and the same app as a plain
 * client-only SPA), serves both as `pnpm serve` does (productionServer.ts), runs Lighthouse on every route and writes
 * bench/results.md. Options: `--runs N` (default 3), `--routes /,/about` (default: every route), `--out file.md`
 * (default results.md, in bench/).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { initialScripts, libraryChunks, type ScriptSize, scriptSize } from './bundles.ts'
import { startCompressedContentApi } from './contentApiServer.ts'
import { listFormRoutes } from './formRoutes.ts'
import { measureCold, type PageMeasurement } from './lighthouse.ts'
import { describeMachine, type RouteResult, writeLighthouseReport } from './lighthouseReport.ts'
import { freePort } from './net.ts'
import { benchDir, runsDir, seedFile } from './paths.ts'
import { startProductionServer } from './productionServer.ts'
import { type BuiltVariant, buildClientOnly, buildPrerendered, type VariantName } from './variants.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    out: { type: 'string', default: 'results.md' },
    // Half the time: only the production build, without the client-only SPA it is compared with.
    'prerendered-only': { type: 'boolean', default: false },
  },
})
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not "${values.runs}"`)

const loadAtStart = loadavg()[0] ?? 0
const contentApi = await startCompressedContentApi(seedFile, await freePort())
const ports = { prerendered: await freePort(), 'client-only': await freePort() }
const origin = (variant: VariantName) => `http://127.0.0.1:${ports[variant]}`

log('building the prerendered site (production build)…')
const prerendered = await buildPrerendered(origin('prerendered'))
const allRoutes = sitemapPaths(join(prerendered.siteDir, 'sitemap.xml'))
const routes = values.routes ? values.routes.split(',').map((route) => route.trim()) : allRoutes
const clientOnly = values['prerendered-only'] ? undefined : await buildClientOnlyVariant()
const variants: BuiltVariant[] = clientOnly ? [prerendered, clientOnly] : [prerendered]

const servers: { close: () => Promise<void> }[] = []
for (const variant of variants) servers.push(await startProductionServer(variant.siteDir, ports[variant.name]))

const measurements = new Map<string, PageMeasurement[]>()
const key = (variant: VariantName, route: string) => `${variant} ${route}`
// A browser can fail to start or crash on a loaded machine: one more cold try per page before giving up.
const measure = async (url: string): Promise<PageMeasurement> => {
  try {
    return await measureCold(url)
  } catch (error) {
    log(`retrying ${url} in a new browser after: ${error instanceof Error ? error.message : String(error)}`)
    return measureCold(url)
  }
}
const total = runs * routes.length * variants.length
const started = performance.now()
let done = 0
try {
  // Variants alternate route by route, so a slower minute of the machine does not favour one of them.
  for (let run = 1; run <= runs; run++) {
    for (const route of routes) {
      for (const variant of variants) {
        const measurement = await measure(origin(variant.name) + route)
        measurements.set(key(variant.name, route), [...(measurements.get(key(variant.name, route)) ?? []), measurement])
        done++
        const remainingMin = (((performance.now() - started) / done) * (total - done)) / 60_000
        log(
          `${done}/${total} run ${run} ${variant.name} ${route}: performance ${measurement.performance}, LCP ${Math.round(measurement.lcpMs)} ms (~${remainingMin.toFixed(0)} min left)`,
        )
      }
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.close()))
  await contentApi.close()
}

const results: RouteResult[] = routes.map((route) => ({
  route,
  prerendered: measurements.get(key('prerendered', route)) ?? [],
  clientOnly: measurements.get(key('client-only', route)) ?? [],
}))
writeFileSync(join(runsDir, 'lighthouse-raw.json'), `${JSON.stringify(results, null, 2)}\n`)
const summary = writeLighthouseReport(join(benchDir, values.out), {
  machine: describeMachine(results, { start: loadAtStart, end: loadavg()[0] ?? 0 }),
  runs,
  allRoutes: routes.length === allRoutes.length,
  results,
  homeScripts: {
    declared: initialScripts(prerendered.siteDir, 'index.html'),
    loaded: loadedScripts(prerendered, '/'),
    clientOnlyLoaded: clientOnly ? loadedScripts(clientOnly, '/') : [],
  },
  libraryChunks: libraryChunks(prerendered.siteDir),
  formRoutes: await listFormRoutes(seedFile),
  buildMs: { prerendered: prerendered.buildMs, clientOnly: clientOnly?.buildMs },
})
console.log(summary)

function buildClientOnlyVariant(): Promise<BuiltVariant> {
  log(`building the client-only site (fetches content from ${contentApi.origin})…`)
  return buildClientOnly(contentApi.origin, allRoutes)
}

/** The same-origin scripts Lighthouse saw a route load, in any run; empty when the route was not measured. */
function loadedScripts(variant: BuiltVariant, route: string): ScriptSize[] {
  const paths = new Set((measurements.get(key(variant.name, route)) ?? []).flatMap((run) => run.scriptPaths))
  return [...paths].sort().map((path) => scriptSize(variant.siteDir, path))
}

function sitemapPaths(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].flatMap((match) =>
    match[1] ? [new URL(match[1]).pathname] : [],
  )
}

function log(message: string): void {
  console.error(`[bench] ${message}`)
}
