/**
 * `pnpm bench:hero-cls`: layout shifts of the home page over repeated cold loads, on a slowed CPU. Lighthouse's
 * single run missed a late wrap of the hero's trust points (CLS up to 0.012 in 1 of 4 cold views): this loads
 * the page `--runs N` times (default 12) at 390 and 1280 px, each in a new browser context (no cache, no storage:
 * a first visit), the CPU slowed 4× through the DevTools protocol, and reads every `layout-shift` entry the page
 * records until 3 s after hydration, with the elements that moved. Builds the production site and serves it as
 * `pnpm serve` does, or serves `--dir` (a build already made). → bench/hero-cls-results.md.
 * Usage: pnpm bench:hero-cls [--runs 12] [--dir apps/web/dist] [--port 4317] [--path /]
 */
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { benchDir, repoRoot } from './paths.ts'
import { startProductionServer } from './productionServer.ts'
import { buildPrerendered } from './variants.ts'

const CPU_SLOWDOWN = 4
/** How long after hydration shifts are still counted: the reported wrap came 250–400 ms after load. */
const WATCH_MS = 3_000
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]

interface Shift {
  at: number
  value: number
  sources: string[]
}

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '12' },
    dir: { type: 'string' },
    port: { type: 'string', default: '4317' },
    path: { type: 'string', default: '/' },
  },
})
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not "${values.runs}"`)
const port = Number(values.port)
const origin = `http://127.0.0.1:${port}`
const loadAtStart = loadavg()[0] ?? 0

const siteDir = values.dir ? resolve(repoRoot, values.dir) : (await buildPrerendered(origin)).siteDir
const server = await startProductionServer(siteDir, port)
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})

const results: { viewport: string; shifts: Shift[][] }[] = []
try {
  for (const viewport of VIEWPORTS) {
    const shifts: Shift[][] = []
    for (let run = 1; run <= runs; run++) shifts.push(await coldLoad(viewport))
    const cls = shifts.map(total)
    console.log(`${viewport.name} (${viewport.width} px): CLS ${cls.map((value) => value.toFixed(4)).join(', ')}`)
    results.push({ viewport: `${viewport.name}, ${viewport.width} × ${viewport.height}`, shifts })
  }
} finally {
  await browser.close()
  await server.close()
}
writeReport(join(benchDir, 'hero-cls-results.md'))

/** A first visit: a new context, the CPU slowed, every layout shift until WATCH_MS after hydration. */
async function coldLoad(viewport: { width: number; height: number }): Promise<Shift[]> {
  const context = await browser.newContext({ viewport })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    // Before the page's own scripts, so the observer sees shifts from the first layout on.
    await page.addInitScript(() => {
      const seen: Array<{ at: number; value: number; sources: string[] }> = []
      ;(window as unknown as { __shifts: typeof seen }).__shifts = seen
      const describe = (node: Node | null) => {
        if (!(node instanceof Element)) return node?.nodeName ?? '?'
        const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
        return `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''} "${text}"`
      }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }
        >) {
          if (entry.hadRecentInput) continue
          seen.push({
            at: Math.round(entry.startTime),
            value: entry.value,
            sources: (entry.sources ?? []).map((source) => describe(source.node)),
          })
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(origin + values.path)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 })
    // An observation window, not a wait for a state: shifts are counted for this long after hydration.
    await page.waitForTimeout(WATCH_MS)
    return await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts)
  } finally {
    await context.close()
  }
}

function total(shifts: Shift[]): number {
  return shifts.reduce((sum, shift) => sum + shift.value, 0)
}

function writeReport(file: string) {
  const rows = results.map(({ viewport, shifts }) => {
    const cls = shifts.map(total)
    const shifted = cls.filter((value) => value > 0).length
    return `| ${viewport} | ${runs} | ${shifted} | ${Math.max(...cls).toFixed(4)} |`
  })
  const details = results.flatMap(({ viewport, shifts }) =>
    shifts.flatMap((list, index) =>
      list.map(
        (shift) =>
          `- ${viewport}, load ${index + 1}: ${shift.value.toFixed(4)} at ${shift.at} ms — ${shift.sources.join('; ')}`,
      ),
    ),
  )
  const report = [
    '# Layout shifts of the home page over cold loads',
    '',
    `Generated by \`pnpm bench:hero-cls\` on ${new Date().toISOString().slice(0, 10)}: the production build served as \`pnpm serve\``,
    `serves it, \`${values.path}\` loaded ${runs} times per viewport, each in a new browser context (a first visit: empty cache`,
    `and storage), CPU slowed ${CPU_SLOWDOWN}×, every \`layout-shift\` entry without recent input counted from the first layout`,
    `to ${WATCH_MS / 1000} s after hydration. Machine: ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start.`,
    '',
    '| viewport | loads | loads with a shift | worst CLS |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    details.length ? '## Every shift seen' : 'No layout shift was recorded in any load.',
    '',
    ...details,
    '',
  ].join('\n')
  writeFileSync(file, report)
  console.log(report)
}
