/**
 * `pnpm bench:leads` → bench/leads-results.md: the lead endpoint of the production server (`pnpm serve`)
 * under load, on the embedded store (PGlite) beside PostgreSQL, each a separate server process on this
 * machine with a local receiver that acknowledges every delivery:
 *  - sustained: 50 concurrent clients posting contact leads for 10 s (autocannon), three rounds per store,
 *    alternating; submissions per second answered 201, and p50 / p99 latency;
 *  - the conference case: 1,000 giveaway entries paced over 10 s; each answered, stored and delivered, and when.
 * Not part of the tests: speeds go in a benchmark, never in a timed test.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { freshLeadDataDir } from '../../tests/leads/support/leadDataDir.ts'
import { startLeadReceiver } from '../../tests/leads/support/leadReceiver.ts'
import { createDatabase, startPostgres } from '../../tests/leads/support/postgres.ts'
import {
  admin,
  freePort,
  type ServerProcess,
  startServerProcess,
  tinySite,
} from '../../tests/leads/support/serverProcess.ts'
import { benchDir } from './paths.ts'
import { median } from './stats.ts'

const ROUNDS = 3
const SUSTAINED_SECONDS = 10
const CLIENTS = 50

type StoreKind = 'embedded' | 'postgres'

interface Sustained {
  perSecond: number
  p50: number
  p99: number
  stored: number
  refused: number
}

let sequence = 0
const contactPayload = (index: number) => ({
  name: 'Bench Visitor',
  email: `bench.${index}@example.com`,
  phone: '',
  company: '',
  interest: 'all',
  message: 'A sentence or two about what the visitor wants, as a real message would have.',
  timestamp: new Date().toISOString(),
  source: 'advisorgrowth-website',
})
const giveawayPayload = (index: number) => ({
  fullName: 'Conference Attendee',
  email: `attendee.${index}@example.com`,
  phone: '864 555 0100',
  company: 'Attendee Advisors',
  title: 'Principal',
  optIn: true,
  timestamp: new Date().toISOString(),
  source: 'conference_giveaway',
})

function leadRequest(form: 'contact' | 'giveaway', origin: string): autocannon.Request {
  return {
    method: 'POST',
    path: `/api/leads/${form}`,
    headers: { 'content-type': 'application/json', origin },
    setupRequest: (request) => {
      const index = sequence++
      const payload = form === 'contact' ? contactPayload(index) : giveawayPayload(index)
      return {
        ...request,
        headers: { ...request.headers, 'idempotency-key': `bench-${form}-${index}-${Date.now()}` },
        body: JSON.stringify({ payload, honeypot: '' }),
      }
    },
  }
}

async function sustained(server: ServerProcess): Promise<Sustained> {
  const result = await autocannon({
    url: server.origin,
    connections: CLIENTS,
    duration: SUSTAINED_SECONDS,
    requests: [leadRequest('contact', server.origin)],
  })
  return {
    perSecond: result['2xx'] / SUSTAINED_SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    stored: result['2xx'],
    refused: result.non2xx + result.errors + result.timeouts,
  }
}

async function conference(server: ServerProcess, received: () => number) {
  const startedAt = Date.now()
  const result = await autocannon({
    url: server.origin,
    connections: CLIENTS,
    amount: 1000,
    overallRate: 100,
    requests: [leadRequest('giveaway', server.origin)],
  })
  const answeredMs = Date.now() - startedAt
  while (received() < result['2xx'] && Date.now() - startedAt < 120_000) await new Promise((r) => setTimeout(r, 50))
  const deliveredMs = Date.now() - startedAt
  const health = await admin<{ deliveries: { delivered: number } }>(server.origin, '/api/admin/health')
  return {
    answered201: result['2xx'],
    refused: result.non2xx + result.errors + result.timeouts,
    p99: result.latency.p99,
    answeredMs,
    deliveredMs,
    delivered: health.deliveries.delivered,
  }
}

async function main() {
  const postgres = await startPostgres()
  const site = tinySite()
  const receiver = await startLeadReceiver()
  const storeEnv = async (kind: StoreKind): Promise<Record<string, string>> =>
    kind === 'postgres'
      ? { DATABASE_URL: await createDatabase(postgres.url) }
      : { LEADS_DATA_DIR: await freshLeadDataDir() }
  const start = async (kind: StoreKind) =>
    startServerProcess({
      site,
      port: await freePort(),
      env: {
        ...(await storeEnv(kind)),
        CONTACT_WEBHOOK_URL: receiver.url('/contact'),
        GIVEAWAY_WEBHOOK_URL: receiver.url('/giveaway'),
        // One machine plays every visitor here; production keeps the per-address limit (README, "Leads").
        LEAD_RATE_LIMIT_PER_MINUTE: '1000000',
      },
    })

  const runs: Record<StoreKind, Sustained[]> = { embedded: [], postgres: [] }
  const stores: StoreKind[] = ['embedded', 'postgres']
  const servers = { embedded: await start('embedded'), postgres: await start('postgres') }
  for (const kind of stores) await sustained(servers[kind]) // warm-up: JIT, pools, the first pages of the tables
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of stores) {
      runs[kind].push(await sustained(servers[kind]))
      console.log(`${kind} round ${round + 1}: ${runs[kind].at(-1)?.perSecond.toFixed(0)}/s`)
    }
  }
  for (const kind of stores) await servers[kind].kill('SIGTERM')

  const conferenceRuns: Record<StoreKind, Awaited<ReturnType<typeof conference>>> = {} as never
  for (const kind of stores) {
    const server = await start(kind)
    const before = receiver.received.filter((request) => request.path === '/giveaway').length
    conferenceRuns[kind] = await conference(
      server,
      () => receiver.received.filter((request) => request.path === '/giveaway').length - before,
    )
    await server.kill('SIGTERM')
  }
  await receiver.close()
  postgres.stop()

  const med = (kind: StoreKind, key: keyof Sustained) => median(runs[kind].map((run) => run[key]))
  const ratio = median(
    runs.embedded.map((run, index) => run.perSecond / (runs.postgres[index]?.perSecond ?? Number.NaN)),
  )
  const lines = [
    '# Lead endpoint benchmark',
    '',
    `Run ${new Date().toISOString()} by \`pnpm bench:leads\` (bench/src/leadBench.ts) on this 2-core machine, shared (load ${(await import('node:os')).loadavg()[0]?.toFixed(1)} at the end).`,
    'Each store is its own `pnpm serve` process (apps/server/src/entries/serve.ts); a local receiver answers 200 to every delivery;',
    `the load comes from autocannon in the benchmark's process, on the same two cores. Sustained: ${CLIENTS} concurrent clients, ${SUSTAINED_SECONDS} s a round,`,
    `${ROUNDS} rounds per store alternating, after a warm-up round; medians of the rounds, and the embedded/PostgreSQL ratio of each round's pair.`,
    'A submission counts once it is answered 201: stored (and committed) before the answer.',
    '',
    '## Sustained submissions',
    '',
    '| store | stored per second | p50 latency | p99 latency | refused or failed |',
    '| --- | --- | --- | --- | --- |',
    ...stores.map(
      (kind) =>
        `| ${kind} | ${med(kind, 'perSecond').toFixed(0)} | ${med(kind, 'p50').toFixed(0)} ms | ${med(kind, 'p99').toFixed(0)} ms | ${runs[kind].reduce((sum, run) => sum + run.refused, 0)} |`,
    ),
    '',
    `Embedded / PostgreSQL throughput, median of the rounds' ratios: ${ratio.toFixed(2)}.`,
    `Rounds (stored per second): ${stores.map((kind) => `${kind} ${runs[kind].map((run) => run.perSecond.toFixed(0)).join(', ')}`).join('; ')}.`,
    '',
    '## The conference case: 1,000 entries in 10 seconds',
    '',
    'Giveaway entries at 100 a second from 50 clients, each delivered to the receiver by the outbox (default policy).',
    '',
    '| store | answered 201 | refused or failed | p99 latency | all answered after | all delivered after | delivered (server count) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...stores.map((kind) => {
      const run = conferenceRuns[kind]
      return `| ${kind} | ${run.answered201} | ${run.refused} | ${run.p99.toFixed(0)} ms | ${(run.answeredMs / 1000).toFixed(1)} s | ${(run.deliveredMs / 1000).toFixed(1)} s | ${run.delivered} |`
    }),
    '',
  ]
  writeFileSync(join(benchDir, 'leads-results.md'), lines.join('\n'))
  console.log(lines.join('\n'))
}

await main()
