/**
 * `pnpm bench:scale`: builds the site with the seed plus N synthetic resources (N = 10, 100, 1000 by
 * default, or `--sizes 10,100`) and reports build time and milliseconds per prerendered page in
 * bench/scale-results.md. The per-page cost should not grow with N.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildSite, type SiteBuild } from './buildSite.ts'
import { benchDir, seedFile } from './paths.ts'
import { type ScaleResult, writeScaleReport } from './scaleReport.ts'
import { SYNTHETIC_PATH, syntheticResources } from './syntheticResources.ts'

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '10,100,1000' }, label: { type: 'string' } },
})
const sizes = values.sizes.split(',').map(Number)
if (sizes.some((size) => !Number.isInteger(size) || size < 0))
  throw new Error(`--sizes must list whole numbers, not "${values.sizes}"`)

const workDir = mkdtempSync(join(tmpdir(), 'bench-scale-'))
const results: ScaleResult[] = []
try {
  for (const size of sizes) {
    const dataset = join(workDir, `seed-plus-${size}.ndjson`)
    const synthetic = syntheticResources(size).map((document) => JSON.stringify(document))
    writeFileSync(dataset, `${readFileSync(seedFile, 'utf8').trimEnd()}\n${synthetic.join('\n')}\n`)
    console.error(`[bench:scale] building with ${size} synthetic resources…`)
    const result = measure(size, await buildSite(`scale-${size}`, { CONTENT_SEED_FILE: dataset }))
    console.error(
      `[bench:scale] N=${size}: ${result.pages} pages, build ${(result.buildMs / 1000).toFixed(1)} s, ${result.msPerPage.toFixed(1)} ms/page (${result.msPerSyntheticPage.toFixed(1)} per synthetic page)`,
    )
    results.push(result)
  }
} finally {
  rmSync(workDir, { recursive: true, force: true })
}
console.log(writeScaleReport(join(benchDir, 'scale-results.md'), results, values.label))

/** Timings from the build's log: React Router prints a line as it writes each prerendered file. */
function measure(size: number, build: SiteBuild): ScaleResult {
  const prerendered = build.log.filter((line) => line.text.startsWith('Prerender (html): /'))
  const first = build.log.find((line) => line.text.startsWith('Prerender ('))
  const last = prerendered.at(-1)
  if (!first || !last) throw new Error(`The scale-${size} build logged no prerendered page`)
  // The synthetic pages are prerendered one after the other (their paths sort together), so the time
  // from the page before them to the last of them is what they cost, apart from the seed's bigger pages.
  const firstSynthetic = prerendered.findIndex((line) => line.text.includes(SYNTHETIC_PATH))
  const lastSynthetic = prerendered.findLastIndex((line) => line.text.includes(SYNTHETIC_PATH))
  const before = prerendered[firstSynthetic - 1]
  const end = prerendered[lastSynthetic]
  return {
    size,
    pages: prerendered.length,
    buildMs: build.durationMs,
    prerenderMs: last.atMs - first.atMs,
    msPerPage: (last.atMs - first.atMs) / Math.max(1, prerendered.length - 1),
    msPerSyntheticPage: before && end ? (end.atMs - before.atMs) / (lastSynthetic - firstSynthetic + 1) : Number.NaN,
    afterPrerenderMs: build.durationMs - last.atMs,
  }
}
