// @vitest-environment node
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { InsightEvent, InsightsReport } from '@site/leads/insights'
import { afterEach, describe, expect, it } from 'vitest'
import { openInsightsStore } from '../../apps/server/src/insights/engines'
import { freshLeadDataDir } from './support/leadDataDir'
import {
  ADMIN_TOKEN,
  admin,
  freePort,
  inParallel,
  type ServerProcess,
  startServerProcess,
} from './support/serverProcess'

/**
 * Issue 39's flood, against `pnpm serve` as its own process on the embedded store: 20,000 beacon events from
 * 40 client addresses (500 each, under the 600 a minute each may send), with 4,000 invented paths, 3,500
 * invented `utm_source` values, and e-mail addresses and phone numbers in paths and every `utm_*` field. The
 * figures keep the site's pages and real campaigns, gain one "(other)" row per dimension (and at most the
 * day's cap of new values), and no address or number is anywhere in the data folder, after the upkeep too.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36'
/** INSIGHTS_NEW_CAMPAIGN_VALUES_PER_DAY's default, which this server runs with. */
const NEW_VALUES_CAP = 50
const PAGES = ['/', '/about', '/contact']
/** Every address the flood sends is at this domain; every phone number starts 555-010. */
const MARKER_DOMAIN = 'flood-marker.example'
/** Any e-mail address, the flood's domain however it is cut, or any of its phone numbers (the files are binary). */
const PERSONAL = /[\w.%+-]+@[\w-]+\.[a-z]{2,}|flood-marker|555[\s().-]*010/i

/** A built site as the build publishes it: pages as folders, an experiment's variant page, the 404 page. */
function builtSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flood-site-'))
  for (const page of ['', 'about', 'contact', '__experiments/home/b']) {
    mkdirSync(join(dir, page), { recursive: true })
    writeFileSync(join(dir, page, 'index.html'), '<!doctype html><title>Site</title>')
  }
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title>')
  return dir
}

const pageView = (path: string, extra: Partial<Extract<InsightEvent, { type: 'pageview' }>> = {}): InsightEvent => ({
  type: 'pageview',
  path,
  clickId: false,
  device: 'desktop',
  entry: true,
  ...extra,
})

/** The i-th of the flood's 20,000 events. */
function floodEvent(i: number): InsightEvent {
  const n = i % 4000
  const paths = [
    `/offer-${n}`,
    `/contact/ann${n}@${MARKER_DOMAIN}`,
    `/call/+1555010${String(n).padStart(4, '0')}`,
    `/__experiments/home/b`,
  ]
  const path = paths[n % 4] ?? '/'
  const phone = `+1 555 010 ${String(i % 10_000).padStart(4, '0')}`
  const email = `ann${i}@${MARKER_DOMAIN}`
  switch (i % 8) {
    case 0:
      return pageView(path, { referrer: `5550100${String(i % 1000).padStart(3, '0')}.example` })
    case 1:
      return pageView(path, { utm_source: email, utm_medium: email, utm_campaign: `spring&phone=${phone}` })
    case 2:
      return pageView(path, { utm_source: 'newsletter', utm_term: phone, utm_content: email })
    case 3:
      return { type: 'vital', metric: 'LCP', value: 1200, path, device: 'mobile' }
    default:
      return pageView(path, { utm_source: `src-${i % 3500}`, utm_medium: 'cpc', utm_campaign: 'fake' })
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('a flood of invented beacon events against `pnpm serve`', () => {
  let server: ServerProcess | undefined
  afterEach(async () => {
    await server?.kill('SIGTERM')
  })

  it('adds one "(other)" row per dimension, keeps the real figures, and stores no address or number', async () => {
    const site = builtSite()
    const dataDir = await freshLeadDataDir()
    const port = await freePort()
    const env = { LEADS_DATA_DIR: dataDir, TRUST_PROXY: '1' }
    server = await startServerProcess({ site, port, env })
    const { origin } = server
    const send = async (events: InsightEvent[], address: string) => {
      const response = await fetch(`${origin}/api/insights/events`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': CHROME,
          'x-forwarded-for': address,
          origin,
        },
        body: JSON.stringify({ events }),
      })
      return response.status
    }
    // The site's real traffic: a campaign visit, a referral, and a page view inside the visit.
    expect(
      await send(
        [
          pageView('/about', { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring' }),
          pageView('/', { referrer: 'www.news.example.com' }),
          pageView('/Contact/', { entry: false }),
        ],
        '10.9.0.1',
      ),
    ).toBe(204)

    // 400 batches of 50 from 40 addresses: 500 events an address, all under the rate limit.
    const batches = Array.from({ length: 400 }, (_, b) => b)
    const statuses = new Map<number, number>()
    const started = performance.now()
    await inParallel(batches, 8, async (b) => {
      const events = Array.from({ length: 50 }, (_, k) => floodEvent(b * 50 + k))
      const status = await send(events, `10.66.0.${b % 40}`)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    })
    const seconds = (performance.now() - started) / 1000
    expect(Object.fromEntries(statuses)).toEqual({ 204: 400 })
    console.log(`flood: 20,000 events in ${seconds.toFixed(1)} s (${Math.round(20_000 / seconds)} events/s)`)

    const today = new Date().toISOString().slice(0, 10)
    const path = `/api/admin/insights?from=${today}&to=${today}`
    const report = await admin<InsightsReport>(origin, path)
    const pages = report.landingPages.map((row) => row.page).sort()
    expect(pages).toEqual(['(other)', '/', '/about'])
    expect(report.landingPages.find((row) => row.page === '/about')?.visits).toBe(1)
    expect(report.totals.pageViews).toBe(3 + 20_000 - 2500)
    expect(report.vitals.map((row) => row.page)).toEqual(['(other)'])
    const sources = new Set(report.campaigns.map((row) => row.source))
    const invented = [...sources].filter((source) => source.startsWith('src-'))
    expect(invented.length).toBeLessThanOrEqual(NEW_VALUES_CAP)
    expect([...sources].filter((source) => !source.startsWith('src-')).sort()).toEqual([
      '(other)',
      'google',
      'news.example.com',
      'newsletter',
    ])
    // Each dimension gains one "(other)": a source past the cap, an address, a number-like referrer.
    expect(
      report.campaigns
        .filter((row) => row.source === '(other)')
        .map((row) => `${row.medium} / ${row.campaign}`)
        .sort(),
    ).toEqual(['(other) / (other)', 'cpc / fake', 'referral / (none)'])
    expect([...new Set(report.campaigns.map((row) => row.medium))].sort()).toEqual([
      '(none)',
      '(other)',
      'cpc',
      'referral',
    ])
    expect([...new Set(report.campaigns.map((row) => row.campaign))].sort()).toEqual([
      '(none)',
      '(other)',
      'fake',
      'spring',
    ])
    expect(report.campaigns.find((row) => row.source === 'google')).toMatchObject({
      medium: 'cpc',
      campaign: 'spring',
      visits: 1,
    })
    expect(JSON.stringify(report)).not.toMatch(PERSONAL)
    console.log(
      `figures: ${report.landingPages.length} landing pages, ${report.campaigns.length} campaign rows, ` +
        `${sources.size} sources (${invented.length} invented, admitted by the cap)`,
    )

    // While the server runs, its write-ahead log holds the latest pages.
    const live = filesUnder(dirname(dataDir))
    expect(live.some((file) => file.endsWith('.sqlite-wal'))).toBe(true)
    expect(live.filter((file) => PERSONAL.test(readFileSync(file).toString('latin1')))).toEqual([])

    // A restart runs the upkeep (rollup) at start; `pnpm insights` then shows the same figures.
    await server.kill('SIGTERM')
    server = await startServerProcess({ site, port, env })
    const cli = await promisify(execFile)(
      process.execPath,
      ['apps/server/run.mjs', 'insights', '--from', today, '--to', today, '--json'],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, ...env, LEADS_SERVER_URL: origin, LEADS_ADMIN_TOKEN: ADMIN_TOKEN },
      },
    )
    const printed = JSON.parse(cli.stdout) as InsightsReport
    expect(printed.landingPages).toEqual(report.landingPages)
    expect(printed.campaigns).toEqual(report.campaigns)
    await server.kill('SIGTERM')
    server = undefined

    const store = await openInsightsStore({ kind: 'sqlite', filename: join(dataDir, 'leads.sqlite') })
    try {
      expect(await store.selectFrom('insight_recent').select('day').execute()).toEqual([])
      const paths = await store
        .selectFrom('insight_daily')
        .select('path')
        .distinct()
        .where('kind', '=', 'pageview')
        .orderBy('path')
        .execute()
      expect(paths.map((row) => row.path)).toEqual(['(other)', ...PAGES])
    } finally {
      await store.destroy()
    }

    // Every file of the data folder after the upkeep, byte by byte.
    const files = filesUnder(dirname(dataDir))
    expect(files.some((file) => file.endsWith('.sqlite'))).toBe(true)
    const found = files.filter((file) => PERSONAL.test(readFileSync(file).toString('latin1')))
    expect(found).toEqual([])
  }, 120_000)
})
