/**
 * `pnpm bench:studio`: the real Studio on the local Content Lake, on a copy of the seed dataset.
 * - cold start: from starting `sanity dev` to the desk shown in a fresh Chromium;
 * - a keystroke in a field until the lake has stored the mutation (dataset files written) and until the
 *   listen stream has delivered it (read by a separate listener, as a second Studio tab would), over
 *   `--edits N` (default 200) one-character edits, each waited for before the next;
 * - publish: from the click to the published document on the listen stream, `--publishes N` (default 5).
 * → bench/studio-results.md
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { EMBEDDED_PROJECT_ID } from '@site/content-api/config'
import { randomId, startContentLake } from '@site/content-api/lake'
import { chromium } from 'playwright-core'
import { freePort } from './net.ts'
import { benchDir, repoRoot, seedFile } from './paths.ts'
import { median } from './stats.ts'

const DOCUMENT = 'page.home'

const { values: options } = parseArgs({
  options: { edits: { type: 'string', default: '200' }, publishes: { type: 'string', default: '5' } },
})

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** Resolves when the listen stream delivers a mutation of `documentId`; the stream is read as a client reads it. */
function listenTo(apiHost: string, token: string, ids: string[]) {
  const waiters: { documentId: string; resolve: (at: number) => void }[] = []
  const url = `${apiHost.replace('localhost', '127.0.0.1')}/v2025-02-19/data/listen/production?query=${encodeURIComponent('*[_id in $ids]')}&$ids=${encodeURIComponent(JSON.stringify(ids))}&includeResult=false`
  const controller = new AbortController()
  void (async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal })
    const decoder = new TextDecoder()
    let buffer = ''
    const reader = response.body!.getReader()
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const event = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = /^data: (.*)$/m.exec(event)?.[1]
        if (event.includes('event: mutation') && data) {
          const { documentId } = JSON.parse(data) as { documentId: string }
          const at = performance.now()
          for (const waiter of waiters.filter((w) => w.documentId === documentId)) {
            waiters.splice(waiters.indexOf(waiter), 1)
            waiter.resolve(at)
          }
        }
        end = buffer.indexOf('\n\n')
      }
    }
  })().catch(() => {})
  return {
    next: (documentId: string) =>
      new Promise<number>((resolve, reject) => {
        waiters.push({ documentId, resolve })
        setTimeout(() => reject(new Error(`No mutation of ${documentId} on the listen stream in 30 s`)), 30_000).unref()
      }),
    close: () => controller.abort(),
  }
}

async function waitForHttp(url: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const directory = mkdtempSync(join(tmpdir(), 'bench-studio-'))
const dataset = join(directory, 'seed.ndjson')
copyFileSync(seedFile, dataset)
const token = randomId(40)
const studioPort = await freePort()
const studioOrigin = `http://localhost:${studioPort}`
const lake = await startContentLake({
  seedFile: dataset,
  projectId: EMBEDDED_PROJECT_ID,
  token,
  allowedOrigins: [studioOrigin, `http://127.0.0.1:${studioPort}`],
})
let studio: ChildProcess | undefined
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})

try {
  const started = performance.now()
  const sanity = join(repoRoot, 'apps', 'studio', 'node_modules', '.bin', 'sanity')
  studio = spawn(sanity, ['dev', '--port', String(studioPort), '--host', '127.0.0.1'], {
    cwd: join(repoRoot, 'apps', 'studio'),
    env: { ...process.env, SANITY_STUDIO_API_HOST: lake.apiHost, SANITY_STUDIO_PROJECT_ID: '' },
    stdio: 'ignore',
    detached: true,
  })
  await waitForHttp(`http://127.0.0.1:${studioPort}/`)
  const serverReady = performance.now() - started
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await page.goto(`${studioOrigin}/#token=${token}`)
  await page.getByRole('link', { name: 'Pages' }).waitFor({ timeout: 180_000 })
  const deskShown = performance.now() - started
  console.log(`desk shown after ${Math.round(deskShown)} ms`)

  await page.getByRole('link', { name: 'Pages' }).click()
  await page
    .getByRole('link', { name: /^Home\b/ })
    .first()
    .click()
  const field = page.getByRole('textbox', { name: 'Internal name' })
  await field.click()
  await page.keyboard.press('End')

  console.log('editing')
  const listener = listenTo(lake.apiHost, token, [DOCUMENT, `drafts.${DOCUMENT}`])
  await new Promise((resolve) => setTimeout(resolve, 500))
  const stored: number[] = []
  const echoed: number[] = []
  // The lake's share, from the browser's own timing of each commit request: sent → answered (stored and
  // announced). Node's view of the request event arrives later than the lake's own callback, so it cannot be used.
  const commitRoundTrips: number[] = []
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/data/actions/')) return
    const timing = request.timing()
    commitRoundTrips.push(timing.responseEnd - timing.requestStart)
  })
  for (let edit = 0; edit < Number(options.edits); edit++) {
    const storedAt = new Promise<number>((resolve) => {
      const unsubscribe = lake.lake.subscribe((change) => {
        if (change.documentId !== `drafts.${DOCUMENT}`) return
        unsubscribe()
        resolve(performance.now())
      })
    })
    const echoedAt = listener.next(`drafts.${DOCUMENT}`)
    const typedAt = performance.now()
    await page.keyboard.type(edit % 10 === 9 ? ' ' : 'x')
    stored.push((await storedAt) - typedAt)
    echoed.push((await echoedAt) - typedAt)
  }

  console.log('publishing')
  const publishes: number[] = []
  for (let run = 0; run < Number(options.publishes); run++) {
    if (run > 0) {
      const drafted = listener.next(`drafts.${DOCUMENT}`)
      await field.click()
      await page.keyboard.press('End')
      await page.keyboard.type('p')
      await drafted
    }
    const button = page.getByTestId('action-publish')
    await button.waitFor()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="action-publish"]')?.getAttribute('data-disabled') === 'false',
      undefined,
      { timeout: 30_000 },
    )
    const published = listener.next(DOCUMENT)
    const clickedAt = performance.now()
    await button.click()
    publishes.push((await published) - clickedAt)
  }
  listener.close()

  const ms = (value: number) => `${Math.round(value)} ms`
  const report = `# Studio benchmark (\`pnpm bench:studio\`)

The real Sanity Studio (\`sanity dev\`) on the local Content Lake, on a copy of the seed dataset, driven in
headless Chromium. Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores
(load average ${loadavg()[0]?.toFixed(2)} at the end); the machine is shared, so figures vary run to run.

| measure | value |
| --- | --- |
| cold start: \`sanity dev\` answering | ${ms(serverReady)} |
| cold start: desk shown in a fresh browser | ${ms(deskShown)} |
| keystroke → mutation stored (dataset files written), median / p95 over ${stored.length} edits | ${ms(median(stored))} / ${ms(percentile(stored, 95))} |
| keystroke → mutation on the listen stream, median / p95 over ${echoed.length} edits | ${ms(median(echoed))} / ${ms(percentile(echoed, 95))} |
| of which the lake: a commit request, sent → answered, median / p95 over ${commitRoundTrips.length} | ${ms(median(commitRoundTrips))} / ${ms(percentile(commitRoundTrips, 95))} |
| publish click → published document on the listen stream, median of ${publishes.length} | ${ms(median(publishes))} |

The keystroke figures are mostly the Studio's own batching: it sends a document's pending edits to the
API once a second (the commit requests above start 1.00 s apart), as it does with Sanity's hosted API, so a
keystroke waits up to a second for its commit; the lake's own share is the commit request's round trip.
`
  writeFileSync(join(benchDir, 'studio-results.md'), report)
  console.log(report)
} catch (error) {
  const shot = join(directory, '..', 'bench-studio-failure.png')
  await browser.contexts()[0]?.pages()[0]?.screenshot({ path: shot })
  console.error(`Failed; screenshot in ${shot}`)
  throw error
} finally {
  await browser.close()
  if (studio?.pid) process.kill(-studio.pid)
  await lake.close()
  rmSync(directory, { recursive: true, force: true })
}
// The Studio's dev server and the browser leave handles behind that keep Node running once the figures are written.
process.exit(0)
