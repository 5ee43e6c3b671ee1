/**
 * `pnpm bench:hero`: the giveaway page's hero image as visitors get it, before and after responsive images.
 * Serves two built sites (`--before dir` and `--after dir`, each an `apps/web/dist`) with the hosting
 * contract's static server and measures, for each:
 * - the image bytes a 390-px phone (device pixel ratio 3, then 2) and a 1280-px desktop (ratio 1) download
 *   for the page, in headless Chromium (every response of type image, body bytes);
 * - the page's LCP, median of `--runs` (default 5) cold Lighthouse runs (mobile preset, simulated throttling),
 *   the two sites alternating run by run, so that the machine's load weighs on both alike, with the ratio of
 *   each pair.
 * Writes bench/hero-image-results.md (or `--out`).
 */
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { startStaticServer } from '../../apps/server/src/static/staticServer.ts'
import { measureCold } from './lighthouse.ts'
import { freePort } from './net.ts'
import { benchDir } from './paths.ts'
import { median } from './stats.ts'

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: 'apps/web/dist' },
    runs: { type: 'string', default: '5' },
    out: { type: 'string', default: 'hero-image-results.md' },
  },
})
if (!values.before) throw new Error('--before <dist of the site before> is required')
const runs = Number(values.runs)
const PATH = '/conference-giveaway'
const VIEWPORTS = [
  { name: 'phone, 390 px at 3x', width: 390, height: 844, deviceScaleFactor: 3 },
  { name: 'phone, 390 px at 2x', width: 390, height: 844, deviceScaleFactor: 2 },
  { name: 'desktop, 1280 px at 1x', width: 1280, height: 800, deviceScaleFactor: 1 },
]

interface SiteResult {
  images: Array<{ viewport: string; files: Array<{ path: string; type: string; bytes: number }> }>
  lcp: number[]
}

async function serve(dir: string) {
  const port = await freePort()
  const server = await startStaticServer({ dir, port, compress: true })
  return { url: `http://127.0.0.1:${port}${PATH}`, close: () => server.close() }
}

async function imageBytes(url: string): Promise<SiteResult['images']> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  const images: SiteResult['images'] = []
  for (const { name, ...viewport } of VIEWPORTS) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: viewport.deviceScaleFactor,
    })
    const page = await context.newPage()
    const files: SiteResult['images'][number]['files'] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image') return
      const body = await response.body().catch(() => Buffer.alloc(0))
      files.push({
        path: new URL(response.url()).pathname,
        type: response.headers()['content-type'] ?? '',
        bytes: body.length,
      })
    })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForTimeout(500)
    images.push({ viewport: name, files: files.filter((file) => !file.path.endsWith('.svg')) })
    await context.close()
  }
  await browser.close()
  return images
}

const loadAtStart = loadavg()[0] ?? 0
const sites = { before: await serve(values.before), after: await serve(values.after) }
const before: SiteResult = { images: await imageBytes(sites.before.url), lcp: [] }
const after: SiteResult = { images: await imageBytes(sites.after.url), lcp: [] }
try {
  for (let run = 0; run < runs; run++) {
    before.lcp.push((await measureCold(sites.before.url)).lcpMs)
    after.lcp.push((await measureCold(sites.after.url)).lcpMs)
  }
} finally {
  await Promise.all([sites.before.close(), sites.after.close()])
}
const ratios = after.lcp.map((lcp, run) => lcp / before.lcp[run]!)
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const total = (files: Array<{ bytes: number }>) => files.reduce((sum, file) => sum + file.bytes, 0)
const describe = (files: Array<{ path: string; type: string; bytes: number }>) =>
  files.map((file) => `${file.path.split('/').pop()} (${file.type}, ${kB(file.bytes)})`).join('; ')

const lines = [
  '# The giveaway hero image, before and after responsive images',
  '',
  `\`pnpm bench:hero\` (bench/src/heroImageBench.ts), ${new Date().toISOString().slice(0, 10)}, 2 cores (load average ${loadAtStart.toFixed(2)} at the start, ${(loadavg()[0] ?? 0).toFixed(2)} at the end).`,
  `Page: ${PATH}. Before: one 1280x720 WebP (a hand conversion) as a CSS background, preloaded. After: a`,
  '`<picture>` rendered by the build from the 1600x900 JPEG original (AVIF, WebP fallback; a 3:4 crop below 600 px).',
  '',
  '## Image bytes downloaded for the page (headless Chromium, which takes AVIF)',
  '',
  '| viewport | before | after | files after |',
  '| -------- | ------ | ----- | ----------- |',
  ...VIEWPORTS.map(({ name }, index) => {
    const was = before.images[index]!.files
    const now = after.images[index]!.files
    return `| ${name} | ${kB(total(was))} | ${kB(total(now))} | ${describe(now)} |`
  }),
  '',
  `## LCP, cold Lighthouse (mobile preset, simulated throttling), median of ${runs}, the sites alternating`,
  '',
  '| site | median LCP | runs |',
  '| ---- | ---------- | ---- |',
  `| before | ${Math.round(median(before.lcp))} ms | ${before.lcp.map(Math.round).join(', ')} |`,
  `| after | ${Math.round(median(after.lcp))} ms | ${after.lcp.map(Math.round).join(', ')} |`,
  '',
  `After / before, run by run (the two measured one after the other): ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}.`,
  '',
]
writeFileSync(join(benchDir, values.out), `${lines.join('\n')}\n`)
console.log(lines.join('\n'))
