/**
 * `pnpm bench:inp`: how fast the built site answers a tap or a keystroke, as the web-vitals library measures
 * Interaction to Next Paint in the page, on a phone: 390 px wide, CPU slowed 4x (DevTools' mid-tier mobile).
 * Builds the production site, serves it as `pnpm serve` does, and for each interaction starts a cold browser, waits for
 * hydration, interacts, and reads the page's INP. Median of `--runs N` (default 5) → bench/inp-results.md.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Page } from 'playwright-core'
import { freePort } from './net.ts'
import { benchDir } from './paths.ts'
import { startProductionServer } from './productionServer.ts'
import { median } from './stats.ts'
import { buildPrerendered } from './variants.ts'

const INP_TARGET_MS = 100
const CPU_SLOWDOWN = 4

interface Interaction {
  name: string
  path: string
  /** What the visitor does once the page has hydrated. */
  perform: (page: Page) => Promise<void>
}

const INTERACTIONS: Interaction[] = [
  {
    name: 'questionnaire: type an answer, then Continue (twice)',
    path: '/qualify',
    perform: async (page) => {
      for (const answer of ['Jordan', 'Ellis']) {
        await page.getByRole('textbox').pressSequentially(answer)
        await page.getByRole('button', { name: 'Continue' }).click()
      }
    },
  },
  {
    name: 'contact form: type a name',
    path: '/contact',
    perform: (page) => page.getByRole('textbox', { name: 'Name', exact: true }).pressSequentially('Jordan Ellis'),
  },
  {
    name: 'FAQ: open an answer',
    path: '/',
    perform: (page) => page.locator('details summary').first().click(),
  },
  {
    name: 'mobile menu: open it (home)',
    path: '/',
    perform: (page) => page.getByRole('button', { name: 'Open menu' }).click(),
  },
  {
    name: 'mobile menu: open it (giveaway, countdown running)',
    path: '/conference-giveaway',
    perform: (page) => page.getByRole('button', { name: 'Open menu' }).click(),
  },
]

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not "${values.runs}"`)

// The library's browser build (a global `webVitals`), beside the entry its package exports.
const webVitals = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js'),
  'utf8',
)
const loadAtStart = loadavg()[0] ?? 0
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
console.log('building the production site…')
const site = await buildPrerendered(origin)
const server = await startProductionServer(site.siteDir, port)

const results: { interaction: Interaction; inpMs: number[] }[] = []
try {
  for (const interaction of INTERACTIONS) {
    const inpMs: number[] = []
    for (let run = 1; run <= runs; run++) inpMs.push(await measure(interaction))
    console.log(`${interaction.name}: ${inpMs.map((ms) => ms.toFixed(0)).join(', ')} ms`)
    results.push({ interaction, inpMs })
  }
} finally {
  await server.close()
}
writeReport(join(benchDir, 'inp-results.md'))

/** One cold browser, one page load, one interaction: the page's INP as web-vitals reports it. */
async function measure({ path, perform }: Interaction): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: false })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    // Injected through the DevTools protocol: the page's CSP would refuse a script tag.
    await page.addInitScript(`${webVitals}
      window.__inp = 0;
      webVitals.onINP((metric) => { window.__inp = metric.value }, { reportAllChanges: true, durationThreshold: 0 });`)
    await page.goto(origin + path)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await perform(page)
    // INP is reported once the interaction's next frame has been painted.
    await page.waitForTimeout(500)
    return await page.evaluate(() => (window as unknown as { __inp: number }).__inp)
  } finally {
    await browser.close()
  }
}

/** An INP figure; 0 means web-vitals reported none (see the report's note). */
function ms(value: number): string {
  return value === 0 ? '< 16 ms' : `${value.toFixed(0)} ms`
}

function writeReport(file: string) {
  const rows = results.map(({ interaction, inpMs }) => {
    const value = median(inpMs)
    return `| ${interaction.name} | \`${interaction.path}\` | ${ms(value)} | ${ms(Math.max(...inpMs))} | ${value <= INP_TARGET_MS ? 'yes' : '**no**'} |`
  })
  const report = [
    '# Interaction to Next Paint',
    '',
    `Generated by \`pnpm bench:inp\` on ${new Date().toISOString().slice(0, 10)}: the production build served as pnpm serve serves it (compressed; the lead and insights endpoints answer),`,
    `a new headless Chromium for every run, 390 × 844 px, CPU slowed ${CPU_SLOWDOWN}× through the DevTools protocol, INP read`,
    `from the page with the web-vitals library (every interaction counted, \`durationThreshold: 0\`). Median of ${runs} runs;`,
    `target ≤ ${INP_TARGET_MS} ms. Machine: ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start (shared`,
    'machine: figures vary from run to run). "< 16 ms": the browser recorded no event of the interaction that lasted',
    '16 ms or more (the Event Timing API reports none shorter), so web-vitals had no INP to report.',
    '',
    '| interaction | route | INP (median) | worst run | ≤ target |',
    '| --- | --- | ---: | ---: | :---: |',
    ...rows,
    '',
  ].join('\n')
  writeFileSync(file, report)
  console.log(report)
}
