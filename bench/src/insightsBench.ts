/**
 * `pnpm bench:insights`: the insights store on the embedded lead store's SQLite and on PostgreSQL — events ingested per
 * second through the real endpoint handler (validation, visitor hash, insert), and the Insights tool's report
 * over 1,000,000 page views (30 days, rolled up as the upkeep does) and 10,000 leads, today's report (rolled up
 * but for the last few minutes) and a day not rolled up at all. Writes bench/insights-results.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openInsightsStore } from '../../apps/server/src/insights/engines.ts'
import { insightsReport } from '../../apps/server/src/insights/figures.ts'
import type { eventRow } from '../../apps/server/src/insights/ingest.ts'
import { insightsRoutes } from '../../apps/server/src/insights/insightsRoutes.ts'
import { type LeadOutcome, leadOutcome } from '../../apps/server/src/insights/leadOutcomes.ts'
import { addDays, maintainInsights } from '../../apps/server/src/insights/maintenance.ts'
import type { InsightsDb, NewInsightEvent } from '../../apps/server/src/insights/tables.ts'
import { visitorHasher } from '../../apps/server/src/insights/visitorHash.ts'
import { memoryLog } from '../../apps/server/src/leads/leadLog.ts'
import { createDatabase, startPostgres, vacuumAnalyze } from '../../tests/leads/support/postgres.ts'
import { median } from './stats.ts'

const PAGE_VIEWS = 1_000_000
const LEADS = 10_000
const DAYS = 30
const FIRST_DAY = '2026-10-01'
const INGESTED = 20_000
const REPEATS = 5
/** INSIGHTS_MAINTENANCE_MINUTES's default: a live day's report reads this long of raw events. */
const UPKEEP_MINUTES = 5
const PATHS = [
  '/',
  '/services',
  '/about',
  '/contact',
  '/resources',
  '/qualify',
  '/pricing',
  '/blog',
  '/webinars',
  '/case-studies',
]
const CAMPAIGNS = [
  ['google', 'cpc', 'spring'],
  ['linkedin', 'paid', 'fall'],
  ['newsletter', 'email', 'weekly'],
  ['facebook', 'paid', 'retarget'],
] as const

function seededEvents(day: string, count: number): NewInsightEvent[] {
  const rows: NewInsightEvent[] = []
  for (let i = 0; i < count; i++) {
    const entry = i % 3 === 0
    const campaign = CAMPAIGNS[i % CAMPAIGNS.length]
    rows.push({
      at: `${day}T12:00:00.000Z`,
      day,
      visitor: `v${day}-${i % Math.floor(count / 3)}`,
      type: 'pageview',
      path: PATHS[i % PATHS.length],
      referrer_host: entry && i % 2 ? 'news.example.com' : null,
      utm_source: entry ? campaign?.[0] : null,
      utm_medium: entry ? campaign?.[1] : null,
      utm_campaign: entry ? campaign?.[2] : null,
      click_id: 0,
      device: i % 2 ? 'mobile' : 'desktop',
      entry: entry ? 1 : 0,
    })
    if (i % 10 === 0) {
      rows.push({
        at: `${day}T12:00:00.000Z`,
        day,
        visitor: 'v',
        type: 'vital',
        path: PATHS[i % PATHS.length],
        device: 'mobile',
        metric: 'LCP',
        value: 800 + (i % 3000),
        click_id: 0,
        entry: 0,
      })
      rows.push({
        at: `${day}T12:00:00.000Z`,
        day,
        visitor: 'v',
        type: 'question',
        form: 'qualify',
        step: i % 20 ? 'reached' : 'answered',
        field: 'role',
        branch: '',
        click_id: 0,
        entry: 0,
      })
      rows.push({
        at: `${day}T12:00:00.000Z`,
        day,
        visitor: 'v',
        type: 'form',
        form: 'contact',
        step: 'seen',
        path: '/contact',
        click_id: 0,
        entry: 0,
      })
    }
  }
  return rows
}

function leadFixture(): LeadOutcome[] {
  return Array.from({ length: LEADS }, (_, i) => {
    const [source, medium, campaign] = CAMPAIGNS[i % CAMPAIGNS.length] ?? CAMPAIGNS[0]
    const touch = {
      at: '',
      landingPage: `https://site${PATHS[i % PATHS.length]}?x`,
      utm_source: source,
      utm_medium: medium,
      utm_campaign: campaign,
    }
    return leadOutcome(
      'qualify',
      JSON.stringify({ firstTouch: touch, lastTouch: touch }),
      i % 4 ? 'delivered' : 'pending',
    )
  })
}

async function ingestRate(db: InsightsDb): Promise<number> {
  const hasher = visitorHasher(db)
  const app = insightsRoutes({
    db,
    config: {
      rawDays: 30,
      rollupDays: 750,
      eventsPerMinute: 10_000_000,
      maintenanceMs: 60_000,
      newCampaignValuesPerDay: 50,
    },
    leadsBetween: async () => [],
    hashVisitor: hasher.hash,
    sitePages: async (path) => PATHS.includes(path),
    trustProxy: { hops: 1 },
    allowedOrigins: [],
    log: memoryLog(),
  })
  const batch = (n: number): string =>
    JSON.stringify({
      events: Array.from({ length: 10 }, (_, i): Parameters<typeof eventRow>[0] => ({
        type: 'pageview',
        path: PATHS[(n + i) % PATHS.length] ?? '/',
        clickId: false,
        device: 'desktop',
        entry: i === 0,
        utm_source: 'google',
      })),
    })
  const started = performance.now()
  const concurrency = 8
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < INGESTED / 10) {
        const n = next++
        const response = await app.request('/api/insights/events', {
          method: 'POST',
          headers: {
            'content-type': 'text/plain',
            'user-agent': 'Mozilla/5.0 Chrome/141',
            'x-forwarded-for': `10.0.${n % 250}.${n % 200}`,
          },
          body: batch(n),
        })
        if (response.status !== 204) throw new Error(`ingest answered ${response.status}`)
      }
    }),
  )
  return INGESTED / ((performance.now() - started) / 1000)
}

/**
 * A month of traffic arrives over a month, and PostgreSQL's autovacuum keeps up with the rows the upkeep moves;
 * loaded in one go, the bench lets it catch up before timing reports (SQLite keeps no dead rows to clean).
 */
async function measure(name: string, db: InsightsDb, settle: () => Promise<void>) {
  const eventsPerSecond = await ingestRate(db)
  await db.deleteFrom('insight_recent').execute()
  const loadStart = performance.now()
  const perDay = Math.ceil(PAGE_VIEWS / DAYS)
  for (let d = 0; d < DAYS; d++) {
    const rows = seededEvents(addDays(FIRST_DAY, d), perDay)
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto('insight_recent')
        .values(rows.slice(start, start + 500))
        .execute()
  }
  const loadSeconds = (performance.now() - loadStart) / 1000
  const rollStart = performance.now()
  await maintainInsights(
    db,
    { rawDays: 3650, rollupDays: 3650 },
    async () => 0,
    new Date(`${addDays(FIRST_DAY, DAYS)}T01:00:00Z`),
  )
  const rollSeconds = (performance.now() - rollStart) / 1000
  await settle()
  const leads = leadFixture()
  const range = { from: FIRST_DAY, to: addDays(FIRST_DAY, DAYS - 1) }
  const times: number[] = []
  let report: Awaited<ReturnType<typeof insightsReport>> | undefined
  for (let run = 0; run < REPEATS; run++) {
    const start = performance.now()
    report = await insightsReport(db, range, async (from) =>
      from.toISOString().slice(0, 10) === range.from ? leads : [],
    )
    times.push(performance.now() - start)
  }
  const insert = async (rows: NewInsightEvent[]) => {
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto('insight_recent')
        .values(rows.slice(start, start + 500))
        .execute()
  }
  // Today: rolled up by the upkeep as the day goes, but for the events of the last UPKEEP_MINUTES.
  const today = addDays(FIRST_DAY, DAYS)
  await insert(seededEvents(today, perDay))
  await maintainInsights(db, { rawDays: 3650, rollupDays: 3650 }, async () => 0, new Date(`${today}T23:00:00Z`))
  await settle()
  const todayTimes: number[] = []
  const upkeepTimes: number[] = []
  let todayViews = 0
  for (let run = 0; run < REPEATS; run++) {
    const recent = seededEvents(today, Math.ceil((perDay * UPKEEP_MINUTES) / 1440)).map((event) => ({
      ...event,
      visitor: `${event.visitor}-recent-${run}`,
    }))
    await insert(recent)
    let start = performance.now()
    todayViews = (await insightsReport(db, { from: today, to: today }, async () => leads)).totals.pageViews
    todayTimes.push(performance.now() - start)
    start = performance.now()
    await maintainInsights(db, { rawDays: 3650, rollupDays: 3650 }, async () => 0, new Date(`${today}T23:00:00Z`))
    upkeepTimes.push(performance.now() - start)
  }
  // A day not rolled up at all (as after the server was down for it): every event read raw.
  const rawDay = addDays(FIRST_DAY, DAYS + 1)
  await insert(seededEvents(rawDay, perDay))
  const rawTimes: number[] = []
  for (let run = 0; run < REPEATS; run++) {
    const start = performance.now()
    await insightsReport(db, { from: rawDay, to: rawDay }, async () => leads)
    rawTimes.push(performance.now() - start)
  }
  return {
    name,
    eventsPerSecond: Math.round(eventsPerSecond),
    loadSeconds: loadSeconds.toFixed(1),
    rollSeconds: rollSeconds.toFixed(1),
    reportMs: median(times).toFixed(0),
    todayMs: median(todayTimes).toFixed(0),
    upkeepMs: median(upkeepTimes).toFixed(0),
    todayViews,
    rawDayMs: median(rawTimes).toFixed(0),
    pageViews: report?.totals.pageViews ?? 0,
    leads: report?.totals.leads ?? 0,
  }
}

const loadAtStart = loadavg()[0] ?? 0
const results = []
const dir = mkdtempSync(join(tmpdir(), 'insights-bench-'))
try {
  const sqlite = await openInsightsStore({ kind: 'sqlite', filename: join(dir, 'insights.db') })
  results.push(
    await measure('SQLite (embedded lead store: WAL, synchronous=FULL, group commit)', sqlite, async () => {}),
  )
  await sqlite.destroy()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const postgres = await startPostgres()
try {
  const url = await createDatabase(postgres.url)
  const db = await openInsightsStore({ kind: 'postgres', url })
  results.push(await measure('PostgreSQL 15', db, () => vacuumAnalyze(url)))
  await db.destroy()
} finally {
  postgres.stop()
}

const loadAtEnd = loadavg()[0] ?? 0
const recentViews = Math.ceil((Math.ceil(PAGE_VIEWS / DAYS) * UPKEEP_MINUTES) / 1440)
const report = `# Insights benchmark (\`pnpm bench:insights\`)

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version};
load average (1 min) ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end (a machine shared with other sessions).
Ingestion: ${INGESTED.toLocaleString('en')} events in batches of 10 through the endpoint's handler (zod, visitor hash,
one insert per batch), 8 at a time, no HTTP. Reports: ${PAGE_VIEWS.toLocaleString('en')} page views over ${DAYS} days (plus
vitals, form and question events), rolled up as the upkeep does, and ${LEADS.toLocaleString('en')} leads
(given as outcomes: the lead store's own query is measured in leads-tool-results.md). Every time is the median of ${REPEATS}.
"Today": a day of ${Math.ceil(PAGE_VIEWS / DAYS).toLocaleString('en')} page views rolled up as it went, plus the last ${UPKEEP_MINUTES} minutes'
(${recentViews} page views and their events) not rolled up yet, as a report finds it between two upkeeps
(INSIGHTS_MAINTENANCE_MINUTES, ${UPKEEP_MINUTES}); "upkeep": one upkeep rolling those minutes up. "Day not rolled up": a day whose
${Math.ceil(PAGE_VIEWS / DAYS).toLocaleString('en')} page views are all raw, as after a day with the server down (the upkeep at start rolls it up).
On PostgreSQL, VACUUM ANALYZE runs after each bulk roll-up (as autovacuum would over a month of traffic).
Targets: at least 2,000 events/s; each report under 200 ms.

| store | events/s ingested | load 1M rows (s) | roll up 30 days (s) | 30-day report (ms) | today's report (ms) | upkeep (ms) | day not rolled up (ms) | page views counted (30 days · today) | leads |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${results.map((r) => `| ${r.name} | ${r.eventsPerSecond} | ${r.loadSeconds} | ${r.rollSeconds} | ${r.reportMs} | ${r.todayMs} | ${r.upkeepMs} | ${r.rawDayMs} | ${r.pageViews} · ${r.todayViews} | ${r.leads} |`).join('\n')}
`
writeFileSync(join(import.meta.dirname, '..', 'insights-results.md'), report)
process.stdout.write(report)
