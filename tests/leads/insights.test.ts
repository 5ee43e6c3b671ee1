// @vitest-environment node

import type { InsightEvent, InsightsReport } from '@site/leads/insights'
import { describe, expect, inject, it } from 'vitest'
import { openInsightsStore } from '../../apps/server/src/insights/engines'
import { insightsReport } from '../../apps/server/src/insights/figures'
import { insightsRoutes } from '../../apps/server/src/insights/insightsRoutes'
import type { LeadOutcome } from '../../apps/server/src/insights/leadOutcomes'
import { maintainInsights } from '../../apps/server/src/insights/maintenance'
import { reportText } from '../../apps/server/src/insights/reportText'
import type { InsightsDb } from '../../apps/server/src/insights/tables'
import { visitorHasher } from '../../apps/server/src/insights/visitorHash'
import { memoryLog } from '../../apps/server/src/leads/leadLog'
import type { LeadService } from '../../apps/server/src/leads/leadService'
import { buildContactPayload } from '../../apps/web/app/forms/contact/contactPayload'
import { ADMIN_TOKEN, useLeadServer } from './support/leadServer'
import { createDatabase } from './support/postgres'
import { STORES } from './support/stores'

const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` }

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const DAY = '2026-11-20'
const NOON = new Date(`${DAY}T12:00:00.000Z`)
const RANGE = { from: DAY, to: DAY }

const LEADS: LeadOutcome[] = [
  {
    form: 'contact',
    landingPage: '/about',
    source: 'news.example.com',
    medium: 'referral',
    campaign: '(none)',
    delivered: true,
  },
]

const ENGINES = ['sqlite', 'postgres'] as const

/** The route list these tests' site has (the real ones come from the build or the content: sitePages.ts). */
const SITE_PAGES = ['/', '/about', '/services']

async function open(engine: (typeof ENGINES)[number]): Promise<InsightsDb> {
  if (engine === 'sqlite') return openInsightsStore({ kind: 'sqlite', filename: ':memory:' })
  return openInsightsStore({ kind: 'postgres', url: await createDatabase(inject('postgresUrl')) })
}

function server(db: InsightsDb, options: { eventsPerMinute?: number; now?: Date } = {}) {
  const hasher = visitorHasher(db)
  const app = insightsRoutes({
    db,
    config: {
      rawDays: 30,
      rollupDays: 750,
      eventsPerMinute: options.eventsPerMinute ?? 10_000,
      maintenanceMs: 60_000,
      newCampaignValuesPerDay: 50,
    },
    leadsBetween: async () => LEADS,
    hashVisitor: hasher.hash,
    sitePages: async (path) => SITE_PAGES.includes(path),
    trustProxy: { hops: 1 },
    allowedOrigins: [],
    log: memoryLog(),
    now: () => options.now ?? NOON,
  })
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    app.request('/api/insights/events', {
      method: 'POST',
      headers: {
        host: 'site.test',
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': CHROME,
        'x-forwarded-for': '10.0.0.1',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  return { app, send, hasher }
}

const pageView = (path: string, extra: Partial<Extract<InsightEvent, { type: 'pageview' }>> = {}): InsightEvent => ({
  type: 'pageview',
  path,
  clickId: false,
  device: 'desktop',
  entry: false,
  ...extra,
})

/** Two visitors, a bot and a visitor with Global Privacy Control, on one day. */
async function sendKnownDay(send: ReturnType<typeof server>['send']) {
  const a = { 'x-forwarded-for': '10.0.0.1' }
  const b = { 'x-forwarded-for': '10.0.0.2' }
  const statuses = [
    await send(
      {
        events: [
          pageView('/', {
            entry: true,
            utm_source: 'google',
            utm_medium: 'cpc',
            utm_campaign: 'spring',
            clickId: true,
          }),
          pageView('/Services'),
          { type: 'form', form: 'qualify', step: 'seen', path: '/services' },
          { type: 'question', step: 'reached', question: 'firstName', branch: '' },
          { type: 'question', step: 'answered', question: 'firstName', branch: '' },
          { type: 'question', step: 'reached', question: 'lastName', branch: '' },
          ...[1000, 2000, 3000, 4000].map(
            (value): InsightEvent => ({ type: 'vital', metric: 'LCP', value, path: '/', device: 'desktop' }),
          ),
        ],
      },
      a,
    ),
    await send(
      {
        events: [
          pageView('/about', { entry: true, referrer: 'www.news.example.com' }),
          { type: 'form', form: 'contact', step: 'seen', path: '/about' },
          { type: 'form', form: 'contact', step: 'started', path: '/about' },
          { type: 'form', form: 'contact', step: 'submitted', path: '/about' },
          { type: 'form', form: 'contact', step: 'invalid', field: 'email', path: '/about' },
          { type: 'form', form: 'contact', step: 'submitted', path: '/about' },
          { type: 'form', form: 'contact', step: 'stored', path: '/about' },
        ],
      },
      b,
    ),
    await send({ events: [pageView('/', { entry: true })] }, { 'user-agent': GOOGLEBOT }),
    await send({ events: [pageView('/', { entry: true })] }, { 'sec-gpc': '1', 'x-forwarded-for': '10.0.0.3' }),
  ]
  expect(statuses.map((response) => response.status)).toEqual([204, 204, 204, 204])
}

const EXPECTED_TOTALS = {
  visitors: 2,
  pageViews: 3,
  visits: 2,
  leads: 1,
  conversionRate: 0.5,
  delivered: 1,
  uncountedLeads: { bot: 0, gpc: 0 },
}

describe.each(ENGINES)('insights on %s', (engine) => {
  it('counts a known day exactly, and the same once it is rolled up', async () => {
    const db = await open(engine)
    try {
      const { send } = server(db)
      await sendKnownDay(send)
      const stored = await db.selectFrom('insight_recent').select(['visitor']).distinct().execute()
      expect(stored).toHaveLength(2)
      expect(stored[0]?.visitor).toMatch(/^[0-9a-f]{32}$/)

      const report = await insightsReport(db, RANGE, async () => LEADS)
      expect(report.range).toEqual(RANGE)
      expect(report.previous).toEqual({ from: '2026-11-19', to: '2026-11-19' })
      expect(report.totals).toEqual(EXPECTED_TOTALS)
      expect(report.landingPages).toEqual([
        { page: '/about', visits: 1, leads: 1, conversionRate: 1, delivered: 1, uncounted: 0 },
        { page: '/', visits: 1, leads: 0, conversionRate: 0, delivered: 0, uncounted: 0 },
      ])
      expect(report.campaigns).toEqual([
        {
          source: 'news.example.com',
          medium: 'referral',
          campaign: '(none)',
          visits: 1,
          leads: 1,
          conversionRate: 1,
          delivered: 1,
          uncounted: 0,
        },
        {
          source: 'google',
          medium: 'cpc',
          campaign: 'spring',
          visits: 1,
          leads: 0,
          conversionRate: 0,
          delivered: 0,
          uncounted: 0,
        },
      ])
      expect(report.forms.find((row) => row.form === 'contact')).toEqual({
        form: 'contact',
        seen: 1,
        started: 1,
        submitted: 2,
        stored: 1,
        invalid: { email: 1 },
        leads: 1,
        delivered: 1,
      })
      expect(report.questionnaire.all.slice(0, 3)).toEqual([
        { question: 'firstName', reached: 1, answered: 1, left: 0 },
        { question: 'lastName', reached: 1, answered: 0, left: 1 },
        { question: 'email', reached: 0, answered: 0, left: 0 },
      ])
      expect(report.vitals).toEqual([
        { page: '/', device: 'desktop', metric: 'LCP', samples: 4, p75: 3000, good: false },
      ])

      const nextDay = new Date(`2026-11-21T01:00:00.000Z`)
      const hasher = visitorHasher(db)
      const done = await maintainInsights(db, { rawDays: 30, rollupDays: 750 }, hasher.forgetBefore, nextDay)
      expect(done).toEqual({ rolledUp: [DAY], rawDeleted: 0, rollupRowsDeleted: 0, saltsDeleted: 1 })
      expect(await db.selectFrom('insight_salts').selectAll().execute()).toEqual([])
      expect(await insightsReport(db, RANGE, async () => LEADS)).toEqual(report)

      // Past INSIGHTS_RAW_DAYS the raw events go; the rollup still answers.
      const later = new Date('2026-12-25T01:00:00.000Z')
      const swept = await maintainInsights(db, { rawDays: 30, rollupDays: 750 }, hasher.forgetBefore, later)
      expect(swept.rawDeleted).toBe(17)
      expect(await db.selectFrom('insight_events').selectAll().execute()).toEqual([])
      expect(await db.selectFrom('insight_recent').selectAll().execute()).toEqual([])
      expect(await insightsReport(db, RANGE, async () => LEADS)).toEqual(report)
    } finally {
      await db.destroy()
    }
  })

  it('refuses what is not a batch without a 5xx, and counts no bot and no Global Privacy Control', async () => {
    const db = await open(engine)
    try {
      const { send } = server(db, { eventsPerMinute: 3 })
      const answers = async (...requests: Array<Response | Promise<Response>>) =>
        Promise.all(
          requests.map(async (request) => {
            const response = await request
            return [response.status, response.status === 204 ? null : await response.json()]
          }),
        )
      expect(
        await answers(
          send('{not json'),
          send({ events: [] }),
          send({
            events: [{ type: 'pageview', path: '/', clickId: false, device: 'desktop', entry: true, email: 'a@b.c' }],
          }),
          send({ events: [pageView('https://evil.example/')] }),
          send('x'.repeat(40_000)),
          send({ events: [pageView('/')] }, { 'content-type': 'application/x-www-form-urlencoded' }),
          send({ events: [pageView('/')] }, { origin: 'https://evil.example' }),
        ),
      ).toEqual([
        [400, { error: 'Not a batch of insight events' }],
        [400, { error: 'Not a batch of insight events' }],
        [400, { error: 'Not a batch of insight events' }],
        [400, { error: 'Not a batch of insight events' }],
        [413, { error: 'The body is larger than 32768 bytes' }],
        [415, { error: 'Send the batch as JSON (text/plain or application/json)' }],
        [403, { error: 'Events are accepted from this site only' }],
      ])
      expect(
        (
          await answers(
            send({ events: [pageView('/'), pageView('/a')] }, { origin: 'http://site.test' }),
            send({ events: [pageView('/b'), pageView('/c')] }),
          )
        ).map(([status]) => status),
      ).toEqual([204, 429])
      expect((await send({ events: [pageView('/')] }, { 'user-agent': GOOGLEBOT })).status).toBe(204)
      expect((await send({ events: [pageView('/')] }, { 'sec-gpc': '1' })).status).toBe(204)
      expect((await send({ events: [pageView('/')] }, { 'user-agent': '' })).status).toBe(204)
      const rows = await db.selectFrom('insight_recent').select(['path']).execute()
      // `/a` is no page of the site: it is counted, as "(other)".
      expect(rows).toEqual([{ path: '/' }, { path: '(other)' }])
      const columns = Object.keys((await db.selectFrom('insight_recent').selectAll().executeTakeFirstOrThrow()) ?? {})
      expect(columns.filter((name) => /ip|address|agent|ua/i.test(name))).toEqual([])
    } finally {
      await db.destroy()
    }
  })
})

describe.each(STORES)('insights in the lead server, on the %s lead store', (kind) => {
  const server = useLeadServer(kind, { env: { LEADS_SANITY_AUTH: 'off', TRUST_PROXY: '1' } })

  it('answers the figures only with the admin API’s token, joined with the stored leads', async () => {
    const service = await server.start()
    const today = new Date().toISOString().slice(0, 10)
    const site = 'http://127.0.0.1:4173'
    const headers = { host: '127.0.0.1:4173', origin: site, 'user-agent': CHROME, 'x-forwarded-for': '10.1.1.1' }
    const events = await service.app.request('/api/insights/events', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({
        events: [
          pageView('/solutions', { entry: true, utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'fall' }),
        ],
      }),
    })
    expect(events.status).toBe(204)
    const lead = await service.app.request('/api/leads/contact', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'insights-lead-0001' },
      body: JSON.stringify({
        payload: buildContactPayload({
          name: 'Ada Lee',
          email: 'ada@example.com',
          phone: '',
          company: '',
          interest: 'app',
          message: '',
        }),
        honeypot: '',
        attribution: {
          page: `${site}/contact`,
          firstTouch: {
            at: new Date().toISOString(),
            landingPage: `${site}/Solutions?utm_source=linkedin&utm_medium=paid&utm_campaign=fall`,
            utm_source: 'linkedin',
            utm_medium: 'paid',
            utm_campaign: 'fall',
          },
          lastTouch: {
            at: new Date().toISOString(),
            landingPage: `${site}/Solutions?utm_source=linkedin&utm_medium=paid&utm_campaign=fall`,
            utm_source: 'linkedin',
            utm_medium: 'paid',
            utm_campaign: 'fall',
          },
        },
      }),
    })
    expect(lead.status).toBe(201)
    await expect.poll(async () => (await findDelivered(service)) ?? null, { timeout: 10_000 }).toBe('delivered')

    const path = `/api/admin/insights?from=${today}&to=${today}`
    expect((await service.app.request(path)).status).toBe(401)
    expect((await service.app.request(path, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
    const bad = await service.app.request('/api/admin/insights?from=2026-13-01&to=x', { headers: ADMIN })
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'Give from and to as YYYY-MM-DD' }])
    const answer = await service.app.request(path, { headers: ADMIN })
    expect(answer.status).toBe(200)
    const report = (await answer.json()) as InsightsReport
    expect(report.totals).toEqual({
      visitors: 1,
      pageViews: 1,
      visits: 1,
      leads: 1,
      conversionRate: 1,
      delivered: 1,
      uncountedLeads: { bot: 0, gpc: 0 },
    })
    expect(report.campaigns).toEqual([
      {
        source: 'linkedin',
        medium: 'paid',
        campaign: 'fall',
        visits: 1,
        leads: 1,
        conversionRate: 1,
        delivered: 1,
        uncounted: 0,
      },
    ])
    expect(report.landingPages).toEqual([
      { page: '/solutions', visits: 1, leads: 1, conversionRate: 1, delivered: 1, uncounted: 0 },
    ])
  })
})

describe.each(STORES)('a lead whose attribution holds personal data, on the %s lead store', (kind) => {
  const server = useLeadServer(kind, { env: { LEADS_SANITY_AUTH: 'off', TRUST_PROXY: '1' } })

  it('is counted under "(other)": no landing page, source or campaign shows an address or a number', async () => {
    const service = await server.start()
    const today = new Date().toISOString().slice(0, 10)
    const site = 'http://127.0.0.1:4173'
    const touch = {
      at: new Date().toISOString(),
      landingPage: `${site}/contact/ann@example.com?utm_medium=ann@example.com`,
      utm_source: '+1 555 010 9999',
      utm_medium: 'ann@example.com',
      utm_campaign: 'spring&phone=+15550109999',
    }
    const lead = await service.app.request('/api/leads/contact', {
      method: 'POST',
      headers: {
        host: '127.0.0.1:4173',
        origin: site,
        'user-agent': CHROME,
        'x-forwarded-for': '10.3.0.1',
        'content-type': 'application/json',
        'idempotency-key': 'insights-personal-0001',
      },
      body: JSON.stringify({
        payload: buildContactPayload({
          name: 'Ann Example',
          email: 'ann@example.com',
          phone: '',
          company: '',
          interest: 'app',
          message: '',
        }),
        honeypot: '',
        attribution: { page: `${site}/contact`, firstTouch: touch, lastTouch: touch },
      }),
    })
    expect(lead.status).toBe(201)
    const answer = await service.app.request(`/api/admin/insights?from=${today}&to=${today}`, { headers: ADMIN })
    const report = (await answer.json()) as InsightsReport
    expect(report.landingPages.map((row) => [row.page, row.leads])).toEqual([['(other)', 1]])
    expect(report.campaigns.map((row) => [row.source, row.medium, row.campaign, row.leads])).toEqual([
      ['(other)', '(other)', '(other)', 1],
    ])
    expect(JSON.stringify(report)).not.toMatch(/ann@example|555/)
  })
})

describe.each(STORES)('leads from uncounted visits, on the %s lead store', (kind) => {
  const server = useLeadServer(kind, { env: { LEADS_SANITY_AUTH: 'off', TRUST_PROXY: '1' } })

  it('are shown apart with why, never as a rate over 100 %; a page without visits reads "—"; questions and forms by their labels', async () => {
    const service = await server.start()
    const today = new Date().toISOString().slice(0, 10)
    const site = 'http://127.0.0.1:4173'
    const browser = (userAgent: string, address: string, extra: Record<string, string> = {}) => ({
      host: '127.0.0.1:4173',
      origin: site,
      'user-agent': userAgent,
      'x-forwarded-for': address,
      ...extra,
    })
    const visitor = browser(CHROME, '10.2.0.1')
    const headless = browser(CHROME.replace('Chrome/', 'HeadlessChrome/'), '10.2.0.2')
    const privacy = browser(CHROME, '10.2.0.3', { 'sec-gpc': '1' })
    // Only the ordinary visitor's page view is counted: the recorder's events of the other two are dropped.
    for (const headers of [visitor, headless, privacy]) {
      const events = await service.app.request('/api/insights/events', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ events: [pageView('/solutions', { entry: true })] }),
      })
      expect(events.status).toBe(204)
    }
    const sendLead = async (headers: Record<string, string>, key: string, landingPage: string) => {
      const touch = { at: new Date().toISOString(), landingPage: `${site}${landingPage}` }
      const response = await service.app.request('/api/leads/contact', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          payload: buildContactPayload({
            name: 'Ada Lee',
            email: `${key}@example.com`,
            phone: '',
            company: '',
            interest: 'app',
            message: '',
          }),
          honeypot: '',
          attribution: { page: `${site}/contact`, firstTouch: touch, lastTouch: touch },
        }),
      })
      expect(response.status).toBe(201)
    }
    await sendLead(visitor, 'uncounted-0001', '/solutions')
    await sendLead(headless, 'uncounted-0002', '/solutions')
    await sendLead(privacy, 'uncounted-0003', '/webinar-strategy')
    const delivered = async () =>
      (await service.store.db.selectFrom('deliveries').select('state').where('state', '=', 'delivered').execute())
        .length
    await expect.poll(delivered, { timeout: 15_000 }).toBe(3)

    const answer = await service.app.request(`/api/admin/insights?from=${today}&to=${today}`, { headers: ADMIN })
    const report = (await answer.json()) as InsightsReport
    expect(report.totals).toMatchObject({ visits: 1, leads: 1, conversionRate: 1, uncountedLeads: { bot: 1, gpc: 1 } })
    expect(report.landingPages).toEqual([
      { page: '/solutions', visits: 1, leads: 1, conversionRate: 1, delivered: 1, uncounted: 1 },
      { page: '/webinar-strategy', visits: 0, leads: 0, conversionRate: 0, delivered: 0, uncounted: 1 },
    ])
    for (const row of [report.totals, ...report.landingPages, ...report.campaigns]) {
      expect(row.conversionRate).toBeLessThanOrEqual(1)
    }
    // Every lead is still a lead: the form's count holds all three, and each was delivered.
    expect(report.forms.find((row) => row.form === 'contact')).toMatchObject({ leads: 3, delivered: 3 })

    const text = reportText(report)
    expect(text).toContain(
      'Not counted: leads from visits the figures do not count (1 from a bot or headless browser, 1 with Global ' +
        'Privacy Control). They are stored and delivered as any lead, and left out of "Leads" and the conversion ' +
        'rates ("not counted" below).',
    )
    expect(text).toMatch(/^page +visits +leads +conversion +delivered +not counted$/m)
    expect(text).toMatch(/^\/solutions +1 +1 +100\.0 % +1 +1$/m)
    expect(text).toMatch(/^\/webinar-strategy +0 +0 +— +0 +1$/m)
    expect(text).toMatch(/^Questionnaire +0 +0 +0 +0 +0 +0$/m)
    expect(text).toMatch(/^12-month production +0 +0 +0$/m)
    expect(text).not.toMatch(/\bproduction12Month\b|^qualify\b/m)
  })
})

async function findDelivered(service: LeadService): Promise<string | undefined> {
  const row = await service.store.db.selectFrom('deliveries').select('state').executeTakeFirst()
  return row?.state
}
