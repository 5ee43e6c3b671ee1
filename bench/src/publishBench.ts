/**
 * `pnpm bench:publish`: how long a content change takes to reach the built site with
 * `pnpm publish:changed`, beside a full build, with the seed plus N synthetic resources (N = 100, 1000,
 * 10000 by default, or `--sizes 100,1000`). Three changes: one article (its own page), a testimonial
 * shown on three pages, and the site settings (every page). Each is timed from the changed dataset file
 * to the updated site in place, as the process a webhook or the Studio starts (`--runs`, median).
 * Writes bench/publish-results.md.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { parseNdjson, type SanityDocument } from '@site/content-api'
import { createPublishWorker } from '../../apps/server/src/publish/publishWorker.ts'
import { buildSite, type SiteBuild } from './buildSite.ts'
import { benchDir, repoRoot, seedFile } from './paths.ts'
import { PUBLISH_CHANGED } from './publishChangedCommand.ts'
import { median } from './stats.ts'
import { syntheticResources } from './syntheticResources.ts'

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '100,1000,10000' }, runs: { type: 'string', default: '3' } },
})
const sizes = values.sizes.split(',').map(Number)
const runs = Number(values.runs)

/** The testimonial the bench shows on three pages: the home page's, and two pages given a section with it. */
const TESTIMONIAL = 'testimonial.1'
const PAGES_GIVEN_THE_TESTIMONIAL = ['page.about', 'page.solutions']

interface Change {
  name: string
  documentId: string
  apply: (document: SanityDocument, run: number) => void
  /** Measured once: the first publish after a full build links every file (publish/stagedSite.ts). */
  once?: true
}

const CHANGES: Change[] = [
  {
    name: 'one article, first publish after the full build',
    documentId: 'resource.bench-1',
    apply: (document) => Object.assign(document, { title: 'A Retitled Playbook, Take 0' }),
    once: true,
  },
  {
    name: 'one article',
    documentId: 'resource.bench-1',
    apply: (document, run) => Object.assign(document, { title: `A Retitled Playbook, Take ${run}` }),
  },
  {
    name: 'a testimonial on three pages',
    documentId: TESTIMONIAL,
    apply: (document, run) => Object.assign(document, { quote: `A reworded quote, take ${run}.` }),
  },
  {
    name: 'the site settings',
    documentId: 'siteSettings',
    apply: (document, run) => Object.assign(document, { footerTagline: `Growth for advisors, take ${run}` }),
  },
]

interface Measured {
  size: number
  build: SiteBuild
  publishes: Array<{ change: string; routes: number; wallMs: number[]; inProcessMs: number[] }>
}

const workDir = mkdtempSync(join(tmpdir(), 'bench-publish-'))
const results: Measured[] = []
try {
  for (const size of sizes) {
    const dataset = join(workDir, `seed-plus-${size}.ndjson`)
    const documents = [...benchSeed(), ...syntheticResources(size)]
    const write = () => writeFileSync(dataset, `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`)
    write()
    console.error(`[bench:publish] full build with ${size} synthetic resources…`)
    const build = await buildSite(`publish-${size}`, { CONTENT_SEED_FILE: dataset })
    const measured: Measured = { size, build, publishes: [] }
    for (const change of CHANGES) {
      // Every page, prerendered again: at 10,000 resources one run takes minutes.
      const changeRuns = change.once || (change.documentId === 'siteSettings' && size >= 10_000) ? 1 : runs
      const published = await measureChange(change, change.name, { size, runs: changeRuns }, documents, write, () =>
        publishChanged(change.documentId, build, dataset),
      )
      measured.publishes.push(published)
    }
    measured.publishes.push(...(await publishWithLoadedPublisher(size, build, dataset, documents, write)))
    results.push(measured)
  }
} finally {
  rmSync(workDir, { recursive: true, force: true })
}
writeFileSync(join(benchDir, 'publish-results.md'), report(results))
console.log(`Wrote bench/publish-results.md`)

/**
 * The same changes through the publisher that stays loaded between publishes, as the publish endpoint and
 * the local Studio run it (apps/server/src/publish/publishWorker.ts), from its second publish on. The site settings
 * are left out: they prerender every page, which dwarfs start-up.
 */
async function publishWithLoadedPublisher(
  size: number,
  build: SiteBuild,
  dataset: string,
  documents: SanityDocument[],
  write: () => void,
): Promise<Measured['publishes']> {
  const changes = CHANGES.filter((change) => !change.once && change.documentId !== 'siteSettings')
  const publisher = createPublishWorker({
    ...process.env,
    CONTENT_SEED_FILE: dataset,
    SITE_BUILD_DIR: build.buildDir,
    SITE_OUT_DIR: build.outDir,
  })
  try {
    await publisher.publish(changes.map(({ documentId }) => documentId))
    const measured: Measured['publishes'] = []
    for (const change of changes) {
      const name = `${change.name}, publisher already loaded`
      // Runs numbered after the command's, so that each applies a change the site does not have yet.
      const published = await measureChange(change, name, { size, runs, after: runs }, documents, write, async () => {
        const { outcome } = await publisher.publish([change.documentId])
        if (outcome.kind !== 'published') throw new Error(`${change.name} needed a full build: ${outcome.reason}`)
        return { ...outcome, reportedAtMs: performance.now() }
      })
      measured.push(published)
    }
    return measured
  } finally {
    publisher.close()
  }
}

/** Applies a change anew and publishes it, `runs` times; the wall time ends when the new site is in place. */
async function measureChange(
  change: Change,
  name: string,
  { size, runs, after = 0 }: { size: number; runs: number; after?: number },
  documents: SanityDocument[],
  write: () => void,
  publish: () => Promise<{ rendered: string[]; durationMs: number; reportedAtMs: number }>,
): Promise<Measured['publishes'][number]> {
  const document = documents.find(({ _id }) => _id === change.documentId)
  if (!document) throw new Error(`The bench dataset has no ${change.documentId}`)
  const wallMs: number[] = []
  const inProcessMs: number[] = []
  let routes = 0
  for (let run = after + 1; run <= after + runs; run++) {
    change.apply(document, run)
    write()
    const started = performance.now()
    const report = await publish()
    wallMs.push(report.reportedAtMs - started)
    inProcessMs.push(report.durationMs)
    routes = report.rendered.length
  }
  console.error(`[bench:publish] N=${size} ${name}: ${routes} routes, median ${(median(wallMs) / 1000).toFixed(2)} s`)
  return { change: name, routes, wallMs, inProcessMs }
}

/** The seed, with the bench's testimonial on two more pages. */
function benchSeed(): SanityDocument[] {
  const documents = parseNdjson(readFileSync(seedFile, 'utf8'))
  for (const id of PAGES_GIVEN_THE_TESTIMONIAL) {
    const page = documents.find(({ _id }) => _id === id)
    if (!page || !Array.isArray(page.sections)) throw new Error(`The seed has no ${id} with sections`)
    page.sections.push({
      _type: 'testimonialsSection',
      _key: 'bench-testimonial',
      heading: 'What Our Clients Say',
      testimonials: [{ _type: 'reference', _key: 'bench-testimonial-1', _ref: TESTIMONIAL }],
    })
  }
  return documents
}

function publishChanged(
  documentId: string,
  build: SiteBuild,
  dataset: string,
): Promise<{ rendered: string[]; durationMs: number; reportedAtMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PUBLISH_CHANGED.command, [...PUBLISH_CHANGED.args, documentId], {
      cwd: repoRoot,
      env: { ...process.env, CONTENT_SEED_FILE: dataset, SITE_BUILD_DIR: build.buildDir, SITE_OUT_DIR: build.outDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    let reportedAtMs = Number.NaN
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      // The report is printed once the new site is in place.
      if (output.endsWith('\n') && Number.isNaN(reportedAtMs)) reportedAtMs = performance.now()
    })
    child.once('error', reject)
    child.once('close', (code) => {
      const last = output.trim().split('\n').at(-1) ?? ''
      if (code !== 0 || !last.startsWith('{'))
        return reject(new Error(`publish:changed ${documentId} failed:\n${output}`))
      resolve({ ...(JSON.parse(last) as { rendered: string[]; durationMs: number }), reportedAtMs })
    })
  })
}

function report(measured: Measured[]): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const rows = measured.flatMap(({ size, build, publishes }) => [
    `| ${size} | full build | ${build.log.filter((line) => line.text.startsWith('Prerender (html): /')).length} | ${seconds(build.durationMs)} | | 1 | ${(build.peakMemoryBytes / 2 ** 20).toFixed(0)} MiB |`,
    ...publishes.map(
      ({ change, routes, wallMs, inProcessMs }) =>
        `| ${size} | ${change} | ${routes} | ${seconds(median(wallMs))} | ${seconds(median(inProcessMs))} | ${wallMs.length} | |`,
    ),
  ])
  return [
    '# Publish benchmark (`pnpm bench:publish`)',
    '',
    'A content change published with `pnpm publish:changed <id>` after a full build, with the seed plus N',
    'synthetic resources. "publish" is the whole command (Node and the server bundle starting included),',
    'from the changed dataset file to the new site in place (the report line); "publisher already loaded" is',
    'the same publish through the process that the publish endpoint (`pnpm publish:server`) and the local',
    'Studio keep between publishes (apps/server/src/publish/publishWorker.ts), until its answer;',
    '"of which publishing" is the part after start-up: reading the change, prerendering, assembling and',
    'switching the site. Medians of the runs; the full build is one run, with its peak resident memory.',
    'The testimonial is shown on three pages (the bench adds it to /about and /solutions).',
    'The new site is assembled beside the old one and renamed into place (atomic). The first publish after a',
    'full build links every file (30,000 at 10,000 resources: seconds on the shared disk here); later ones',
    'reuse the site the last publish replaced and re-link only the files it changed. What still grows with N',
    'in a loaded publisher: reading and hashing the dataset file (only changed lines are parsed again), the',
    "query that lists every route, the publisher's state (every route and its policy) and `_headers`.",
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg()[0]?.toFixed(1)}.`,
    '',
    '| synthetic resources | change | routes prerendered | publish | of which publishing | runs | peak memory |',
    '|---:|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n')
}
