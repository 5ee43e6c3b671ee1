/**
 * `pnpm bench:webhooks`: the offline publish loop of `pnpm studio`, timed. The local Content Lake with a
 * webhook to the publish endpoint (the production routes, their 2 s debounce included), on a copy of the
 * built site (`pnpm build` first) and of the seed dataset:
 * - 50 publishes one after another (a page's SEO title), each timed from the committed transaction to the
 *   webhook's delivery (the endpoint's 202) and to the site switched (the endpoint's publish report);
 * - the endpoint stopped during 100 publishes (20 pages, 5 times each), then started: the time until its
 *   catch-up has published them.
 * Writes bench/webhook-results.md.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { EMBEDDED_DATASET, EMBEDDED_PROJECT_ID } from '@site/content-api'
import { startContentLake } from '@site/content-api/lake'
import type { PublishReport } from '../../apps/server/src/publish/publishQueue.ts'
import { startPublishServer } from '../../apps/server/src/publish/startPublishServer.ts'
import { benchDir, seedFile, webDir } from './paths.ts'
import { median } from './stats.ts'

const { values } = parseArgs({
  options: { publishes: { type: 'string', default: '50' }, down: { type: 'string', default: '100' } },
})
const PUBLISHES = Number(values.publishes)
const DOWN = Number(values.down)
const SECRET = 'bench-webhook-secret'
const PORT = 4698

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

const work = mkdtempSync(join(tmpdir(), 'webhook-bench-'))
const dataset = join(work, 'seed.ndjson')
cpSync(seedFile, dataset)
const dirs = { build: 'build-bench-webhooks', out: 'dist-bench-webhooks' }
for (const directory of [dirs.build, dirs.out, `${dirs.out}.previous`, `${dirs.out}.next`]) {
  rmSync(join(webDir, directory), { recursive: true, force: true })
}
cpSync(join(webDir, 'build'), join(webDir, dirs.build), { recursive: true })
cpSync(join(webDir, 'dist'), join(webDir, dirs.out), { recursive: true })
// The publisher process and the catch-up read these.
Object.assign(process.env, { CONTENT_SEED_FILE: dataset, SITE_BUILD_DIR: dirs.build, SITE_OUT_DIR: dirs.out })

const reports: { at: number; report: PublishReport }[] = []
const deliveries = new Map<string, number>()
const startEndpoint = () =>
  startPublishServer({
    port: PORT,
    secret: SECRET,
    catchUpIntervalMs: 0,
    onReport: (report) => reports.push({ at: performance.now(), report }),
  })

let endpoint = await startEndpoint()
await endpoint.endpoint.catchUp()
const lake = await startContentLake({
  seedFile: dataset,
  projectId: EMBEDDED_PROJECT_ID,
  dataset: EMBEDDED_DATASET,
  token: 'bench-token',
  allowedOrigins: [],
  webhooks: [{ id: 'bench', url: endpoint.url, secret: SECRET, projection: '{_id}' }],
  onWebhookAttempt: ({ documentId, status }) => {
    if (status === 202) deliveries.set(documentId, performance.now())
  },
})

const pages = lake.lake
  .documents()
  .filter((document) => document._type === 'page')
  .map((document) => document._id)
const setSeoTitle = (id: string, title: string) => lake.lake.transact([{ patch: { id, set: { 'seo.title': title } } }])

async function until<T>(probe: () => T | undefined, timeoutMs = 120_000): Promise<T> {
  const started = performance.now()
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (performance.now() - started > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

// 1. Publish to live, one publish at a time.
const toDelivery: number[] = []
const toLive: number[] = []
for (let run = 0; run < PUBLISHES; run++) {
  const id = pages[run % pages.length]!
  deliveries.delete(id)
  const reportsBefore = reports.length
  const committed = performance.now()
  setSeoTitle(id, `Bench title ${run}`)
  const delivered = await until(() => deliveries.get(id))
  const live = await until(() => reports.slice(reportsBefore).find(({ report }) => report.documentIds.includes(id)))
  if (live.report.error) throw new Error(live.report.error)
  toDelivery.push(delivered - committed)
  toLive.push(live.at - committed)
}

// 2. The endpoint down during DOWN publishes, then started again.
await endpoint.close()
const touched = pages.slice(0, 20)
for (let run = 0; run < DOWN; run++) setSeoTitle(touched[run % touched.length]!, `While down ${run}`)
const started = performance.now()
endpoint = await startEndpoint()
const caughtUp = await endpoint.endpoint.catchUp()
const catchUpMs = performance.now() - started
if (!caughtUp || caughtUp.documentIds.length !== touched.length) {
  throw new Error(`the catch-up published ${caughtUp?.documentIds.length} documents, not ${touched.length}`)
}
await endpoint.close()
await lake.close()

const results = `# Webhook publish benchmark (\`pnpm bench:webhooks\`)

The offline loop of \`pnpm studio\`: the local Content Lake's GROQ-powered webhook (projection \`{_id}\`,
signed) to the publish endpoint (\`apps/server/src/publish\`, the production routes with their 2 s debounce),
on a copy of the built seed site (\`pnpm build\`). Times from the committed transaction.

${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} × ${cpus()[0]?.model.split(' ')[0] ?? 'CPU'}, load average ${loadavg()[0]!.toFixed(1)}.

| ${PUBLISHES} publishes, one at a time (a page's SEO title) | median | p95 |
|---|---:|---:|
| transaction → webhook delivered (the endpoint's 202) | ${seconds(median(toDelivery))} | ${seconds(percentile(toDelivery, 95))} |
| transaction → site switched (publish report) | ${seconds(median(toLive))} | ${seconds(percentile(toLive, 95))} |

Of the time to live, 2 s is the endpoint's debounce (a burst of publishes makes one), the rest the publish
through the loaded publisher.

| endpoint down during ${DOWN} publishes of ${touched.length} pages | |
|---|---:|
| start → catch-up done (query, publish of ${caughtUp.documentIds.length} documents, cursor written) | ${seconds(catchUpMs)} |
`
writeFileSync(join(benchDir, 'webhook-results.md'), results)
console.log(results)
for (const directory of [dirs.build, dirs.out, `${dirs.out}.previous`, `${dirs.out}.next`]) {
  rmSync(join(webDir, directory), { recursive: true, force: true })
}
rmSync(work, { recursive: true, force: true })
process.exit(0)
