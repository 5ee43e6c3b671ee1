import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { campaignAdmission, campaignShape, looksPersonal } from '../../apps/server/src/insights/campaignValues'
import { openInsightsStore } from '../../apps/server/src/insights/engines'
import { eventRow } from '../../apps/server/src/insights/ingest'
import { visitorsRow } from '../../apps/server/src/insights/rollup'
import { builtSitePages, contentSitePages, OTHER } from '../../apps/server/src/insights/sitePages'
import { memoryLog } from '../../apps/server/src/leads/leadLog'

describe('a campaign value', () => {
  it.each([
    ['google', 'google'],
    ['cpc', 'cpc'],
    ['spring_sale-2026', 'spring_sale-2026'],
    ['Spring Sale', 'Spring Sale'],
    ['  newsletter  ', 'newsletter'],
    ['news.example.com', 'news.example.com'],
    ['Frühjahr', 'Frühjahr'],
    ['newsletter-2026-11-27', 'newsletter-2026-11-27'],
    ['ann@example.com', OTHER],
    ['ann(at)example.com', OTHER],
    ['spring&phone=+15550100999', OTHER],
    ['+1 555 010 9999', OTHER],
    ['(555) 010-9999', OTHER],
    ['5550100999', OTHER],
    ['call 555.010.9999', OTHER],
    ['x'.repeat(64), 'x'.repeat(64)],
    ['x'.repeat(65), OTHER],
    ['/contact', OTHER],
    ['a%40b.c', OTHER],
    ['<script>', OTHER],
    ['', OTHER],
    ['(other)', OTHER],
  ])('%j is stored as %j', (value, stored) => {
    expect(campaignShape(value)).toBe(stored)
  })

  it('looks personal when it holds an e-mail address or a phone number, not a date', () => {
    expect(looksPersonal('ann@example.com')).toBe(true)
    expect(looksPersonal('+44 20 7946 0958')).toBe(true)
    expect(looksPersonal('2026-11-27')).toBe(false)
    expect(looksPersonal('q4-2026')).toBe(false)
  })
})

describe('the pages of a built site', () => {
  const dir = mkdtempSync(join(tmpdir(), 'insights-site-'))
  for (const page of ['', 'about', 'resources/scaling-guide', '__experiments/home/b']) {
    mkdirSync(join(dir, page), { recursive: true })
    writeFileSync(join(dir, page, 'index.html'), '<!doctype html>')
  }
  writeFileSync(join(dir, '404.html'), '<!doctype html>')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'app.js'), '')
  const isPage = builtSitePages(dir)

  it.each([
    ['/', true],
    ['/about', true],
    ['/resources/scaling-guide', true],
    ['/resources', false],
    ['/__experiments/home/b', false],
    ['/404', false],
    ['/404.html', false],
    ['/assets/app.js', false],
    ['/contact/ann@example.com', false],
    ['/../etc', false],
    ['/about/..', false],
  ])('%s is a page: %s', async (path, page) => {
    expect(await isPage(path)).toBe(page)
  })
})

describe("the content's route list", () => {
  it('is each page path and /resources/<slug>, read again once it is older than the cache', async () => {
    let reads = 0
    let pages = ['/', '/about']
    const query = async <T>() => {
      reads += 1
      return { pages, resources: ['scaling-guide'] } as T
    }
    let now = 0
    const isPage = contentSitePages(query, 60_000, memoryLog(), () => now)
    expect(await isPage('/about')).toBe(true)
    expect(await isPage('/resources/scaling-guide')).toBe(true)
    expect(await isPage('/contact')).toBe(false)
    expect(reads).toBe(1)
    pages = ['/', '/contact']
    now = 61_000
    await isPage('/contact')
    await expect.poll(() => isPage('/contact')).toBe(true)
    expect(await isPage('/about')).toBe(false)
    expect(reads).toBe(2)
  })

  it('counts no path as a page while the content cannot be read, and says so', async () => {
    const log = memoryLog()
    const isPage = contentSitePages(
      async () => {
        throw new Error('content unreachable')
      },
      60_000,
      log,
    )
    expect(await isPage('/')).toBe(false)
    expect(log.entries.map((entry) => entry.event)).toEqual(['insights-routes-unread'])
  })
})

describe('the daily cap on new campaign values', () => {
  const DAY = '2026-11-20'

  it('admits a day’s first new values, then counts the rest as (other); known and admitted values pass', async () => {
    const db = await openInsightsStore({ kind: 'sqlite', filename: ':memory:' })
    try {
      // A campaign in the figures of an earlier day is known: it takes no place in today's cap.
      await db
        .insertInto('insight_daily')
        .values({ ...visitorsRow('2026-11-10', 3), kind: 'visit', source: 'google', medium: 'cpc', campaign: 'fall' })
        .execute()
      const admit = campaignAdmission(db, 2)
      const sources = []
      for (const value of ['google', 'a', 'b', 'c', 'a', 'google', OTHER])
        sources.push(await admit(DAY, 'utm_source', value))
      expect(sources).toEqual(['google', 'a', 'b', OTHER, 'a', 'google', OTHER])
      // Each field has its own cap; the next day starts afresh.
      expect(await admit(DAY, 'utm_campaign', 'c')).toBe('c')
      expect(await admit('2026-11-21', 'utm_source', 'c')).toBe('c')

      // Another process (or a restart) reads the day's values from what was stored.
      const row = eventRow(
        { type: 'pageview', path: '/', clickId: false, device: 'desktop', entry: true, utm_source: 'x' },
        new Date(`${DAY}T12:00:00Z`),
        'v',
      )
      await db
        .insertInto('insight_recent')
        .values([row, { ...row, utm_source: 'y' }, { ...row, utm_source: OTHER }])
        .execute()
      const restarted = campaignAdmission(db, 2)
      expect(await restarted(DAY, 'utm_source', 'x')).toBe('x')
      expect(await restarted(DAY, 'utm_source', 'z')).toBe(OTHER)
      expect(await restarted(DAY, 'utm_source', 'fall')).toBe(OTHER)
      expect(await restarted(DAY, 'utm_campaign', 'fall')).toBe('fall')
    } finally {
      await db.destroy()
    }
  })
})
