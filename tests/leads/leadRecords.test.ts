// @vitest-environment node
import { randomUUID } from 'node:crypto'

import { type LeadDetailJson, type LeadSummaryJson, leadWebhookDelivery } from '@site/leads/admin'
import type { LeadAttribution, LeadConsent } from '@site/leads/context'
import { describe, expect, it } from 'vitest'
import { leadConfigFromEnv } from '../../apps/server/src/leads/leadConfig'
import { LEAD_CSV_COLUMNS } from '../../apps/server/src/leads/leadCsv'
import { sweepExpiredLeads } from '../../apps/server/src/leads/leadService'
import { findLead } from '../../apps/server/src/leads/store/queries'
import { buildContactPayload } from '../../apps/web/app/forms/contact/contactPayload'
import { ADMIN_TOKEN, useLeadServer } from './support/leadServer'
import { STORES } from './support/stores'

const SITE = 'http://127.0.0.1:4173'
const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` }

const contact = (name: string, email: string, company = 'Lee Wealth') =>
  buildContactPayload({ name, email, phone: '', company, interest: 'app', message: 'Hello' })

const attribution: LeadAttribution = {
  page: `${SITE}/conference-giveaway`,
  firstTouch: {
    at: '2026-11-25T10:00:00.000Z',
    landingPage: `${SITE}/?utm_source=linkedin&utm_medium=paid&utm_campaign=fall&gclid=abc123`,
    referrer: 'https://www.linkedin.com/',
    utm_source: 'linkedin',
    utm_medium: 'paid',
    utm_campaign: 'fall',
    gclid: 'abc123',
  },
  lastTouch: {
    at: '2026-11-25T10:05:00.000Z',
    landingPage: `${SITE}/ads?utm_source=newsletter&fbclid=fb9`,
    utm_source: 'newsletter',
    fbclid: 'fb9',
  },
}

const optIn = (text: string, rev: string): LeadConsent => ({
  kind: 'opt-in',
  text,
  field: 'sections[_key=="giveaway-form"].optInLabel',
  documentId: 'page.conference-giveaway',
  documentRev: rev,
  checked: true,
})

describe.each(STORES)('attribution, consent and the operator API, on the %s store', (kind) => {
  // `/gone` answers 404 (a webhook that was deleted): its deliveries are set aside after one attempt.
  const server = useLeadServer(kind, {
    env: { LEADS_SANITY_AUTH: 'off', TRUST_PROXY: '1' },
    answer: (request) => ({ status: request.path === '/gone' ? 404 : 200 }),
  })
  let keys = 0

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await server.service.app.request('/api/leads/contact', {
      method: 'POST',
      headers: {
        host: '127.0.0.1:4173',
        origin: SITE,
        'content-type': 'application/json',
        'idempotency-key': `key-${String(++keys).padStart(6, '0')}`,
        'user-agent': 'Mozilla/5.0 (test) Chromium/140',
        // What the client wrote, then the address the one trusted proxy appended (TRUST_PROXY=1).
        'x-forwarded-for': '198.51.100.66, 203.0.113.7',
        referer: `${SITE}/contact?utm_source=linkedin`,
        ...headers,
      },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(201)
    return ((await response.json()) as { id: string }).id
  }

  const admin = (path: string, init: RequestInit = {}) =>
    server.service.app.request(path, { ...init, headers: { ...ADMIN, ...(init.headers as Record<string, string>) } })

  it('stores attribution and consent beside the lead, and delivers exactly the payload', async () => {
    await server.start()
    const payload = contact('Ann Lee', 'ann@example.com')
    const id = await post({ payload, honeypot: '', attribution, consent: optIn('Yes, send me follow-ups', 'rev-1') })
    const record = await findLead(server.service.store.db, id)
    expect(record?.lead.attribution).toStrictEqual(attribution)
    expect(record?.consents).toHaveLength(1)
    const consent = record?.consents[0]
    expect(consent).toMatchObject({
      lead_id: id,
      kind: 'opt-in',
      text: 'Yes, send me follow-ups',
      field: 'sections[_key=="giveaway-form"].optInLabel',
      document_id: 'page.conference-giveaway',
      document_rev: 'rev-1',
      checked: true,
      page_url: `${SITE}/contact?utm_source=linkedin`,
      ip_address: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (test) Chromium/140',
    })
    expect(consent?.recorded_at.getTime()).toBe(record?.lead.received_at.getTime())
    await expect.poll(() => server.receiver.received.length).toBe(1)
    expect(server.receiver.received[0]?.body).toBe(JSON.stringify(payload))
    expect(JSON.stringify(server.log.entries)).not.toMatch(/ann@example\.com|Ann Lee|203\.0\.113\.7/)
  })

  it('keeps a lead whose attribution or consent does not pass, without them, and logs that', async () => {
    await server.start()
    const id = await post({ payload: contact('Bo Ray', 'bo@example.com'), attribution: { page: 7 }, consent: 'yes' })
    const record = await findLead(server.service.store.db, id)
    expect(record?.lead.attribution).toBeNull()
    expect(record?.consents).toStrictEqual([])
    expect(server.log.entries.filter((entry) => entry.level === 'warn').map((entry) => entry.event)).toStrictEqual([
      'lead-attribution-missing',
      'lead-consent-missing',
    ])
  })

  it('never rewrites a consent: a later edit of the copy changes only the later lead, and updates are refused', async () => {
    await server.start()
    const before = await post({
      payload: contact('Ann Lee', 'ann@example.com'),
      attribution,
      consent: optIn('I agree to receive follow-up communications.', 'rev-1'),
    })
    // The marketing team edits the opt-in label in the Studio: the page document gets a new revision.
    const after = await post({
      payload: contact('Cy Dunn', 'cy@example.com'),
      attribution,
      consent: optIn('I agree to receive e-mails and calls about my entry.', 'rev-2'),
    })
    const first = (await findLead(server.service.store.db, before))?.consents
    const second = (await findLead(server.service.store.db, after))?.consents
    expect(first?.map((c) => [c.text, c.document_rev])).toStrictEqual([
      ['I agree to receive follow-up communications.', 'rev-1'],
    ])
    expect(second?.map((c) => [c.text, c.document_rev])).toStrictEqual([
      ['I agree to receive e-mails and calls about my entry.', 'rev-2'],
    ])
    await expect(
      server.service.store.db
        .updateTable('lead_consents')
        .set({ text: 'changed' })
        .where('lead_id', '=', before)
        .execute(),
    ).rejects.toThrow(/append-only/)
    expect((await findLead(server.service.store.db, before))?.consents[0]?.text).toBe(
      'I agree to receive follow-up communications.',
    )
  })

  it('lists newest first, searches name, e-mail and company in any case, and filters by form, dates and state', async () => {
    await server.start({ CONTACT_WEBHOOK_URL: server.receiver.url('/gone') })
    const ann = await post({ payload: contact('Ann Lee', 'ann@example.com', 'Lee Wealth') })
    const bo = await post({ payload: contact('Bo Ray', 'bo@ray.example', 'Ray_Advisors 100%') })
    const cy = await post({ payload: contact('Cy Dunn', 'cy@example.com', 'Dunn Group') })
    const ids = async (query: string) => {
      const response = await admin(`/api/admin/leads${query}`)
      expect(response.status).toBe(200)
      return ((await response.json()) as { leads: Array<{ id: string }> }).leads.map((lead) => lead.id)
    }
    expect(await ids('')).toStrictEqual([cy, bo, ann])
    expect(await ids('?q=LEE')).toStrictEqual([ann])
    expect(await ids('?q=ray.example')).toStrictEqual([bo])
    expect(await ids('?q=_advisors%20100%25')).toStrictEqual([bo])
    expect(await ids('?q=%25')).toStrictEqual([bo])
    expect(await ids('?q=dunn%20group')).toStrictEqual([cy])
    expect(await ids('?form=guide')).toStrictEqual([])
    expect(await ids('?from=2000-01-01T00:00:00Z&to=2001-01-01T00:00:00Z')).toStrictEqual([])
    expect(await ids(`?to=${new Date(Date.now() + 60_000).toISOString()}`)).toStrictEqual([cy, bo, ann])
    // The receiver answers 404: each delivery is set aside as misconfigured after one attempt.
    await expect.poll(() => ids('?state=misconfigured')).toHaveLength(3)
    expect(await ids('?state=delivered')).toStrictEqual([])
    const page = (await (await admin('/api/admin/leads?limit=2')).json()) as {
      leads: Array<{ id: string; receivedAt: string; name: string; email: string; company: string }>
    }
    expect(page.leads.map(({ name, email, company }) => ({ name, email, company }))).toStrictEqual([
      { name: 'Cy Dunn', email: 'cy@example.com', company: 'Dunn Group' },
      { name: 'Bo Ray', email: 'bo@ray.example', company: 'Ray_Advisors 100%' },
    ])
    const last = page.leads[1]
    expect(await ids(`?beforeAt=${last?.receivedAt}&beforeId=${last?.id}`)).toStrictEqual([ann])
  })

  it('exports the filtered leads as CSV, one row per lead with its attribution and consent', async () => {
    await server.start()
    const id = await post({
      payload: contact('Ann "Annie" Lee', 'ann@example.com', '=HYPERLINK("x")'),
      attribution,
      consent: optIn('Yes, please', 'rev-1'),
    })
    await post({ payload: contact('Bo Ray', 'bo@example.com') })
    const response = await admin('/api/admin/export.csv?q=ann')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = (await response.text()).split('\r\n')
    expect(lines).toHaveLength(3) // header, one lead, the final empty string
    expect(lines[0]).toBe(LEAD_CSV_COLUMNS.join(','))
    const cells = [...(lines[1] ?? '').matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]?.replaceAll('""', '"'))
    const row = Object.fromEntries(LEAD_CSV_COLUMNS.map((column, index) => [column, cells[index]]))
    const record = await findLead(server.service.store.db, id)
    expect(row).toMatchObject({
      id,
      form: 'contact',
      name: 'Ann "Annie" Lee',
      email: 'ann@example.com',
      company: `'=HYPERLINK("x")`,
      page: `${SITE}/conference-giveaway`,
      first_landingPage: attribution.firstTouch.landingPage,
      first_referrer: 'https://www.linkedin.com/',
      first_utm_source: 'linkedin',
      first_utm_medium: 'paid',
      first_utm_campaign: 'fall',
      first_gclid: 'abc123',
      first_touch_at: '2026-11-25T10:00:00.000Z',
      last_utm_source: 'newsletter',
      last_fbclid: 'fb9',
      last_msclkid: '',
      consent_kind: 'opt-in',
      consent_text: 'Yes, please',
      consent_checked: 'true',
      consent_document_id: 'page.conference-giveaway',
      consent_document_rev: 'rev-1',
      consent_recorded_at: record?.consents[0]?.recorded_at.toISOString(),
      consent_ip_address: '203.0.113.7',
      consent_user_agent: 'Mozilla/5.0 (test) Chromium/140',
    })
    expect(cells).toHaveLength(LEAD_CSV_COLUMNS.length)
  })

  it('answers a lead with every delivery and its attempts, the webhook first; the list shows the lead once', async () => {
    await server.start()
    const id = await post({ payload: contact('Ann Lee', 'ann@example.com') })
    await expect.poll(async () => (await findLead(server.service.store.db, id))?.delivery?.state).toBe('delivered')
    // A notification beside the webhook: one failed attempt.
    const { db } = server.service.store
    const queued = new Date('2026-11-26T09:00:00.000Z')
    // Its next try is not due while the test runs: the server's outbox (which sends e-mail too) must not
    // claim it between the rows written here and the admin API's answer.
    const retryAt = new Date(Date.now() + 3_600_000)
    await db
      .insertInto('deliveries')
      .values({
        id: randomUUID(),
        lead_id: id,
        destination: 'email:sales',
        state: 'pending',
        next_attempt_at: retryAt,
        window_started_at: queued,
        lease_until: null,
        lease_token: null,
        lease_holder: null,
        delivered_at: null,
        last_status: null,
        last_error: null,
      })
      .execute()
    const email = await db
      .selectFrom('deliveries')
      .select('id')
      .where('destination', '=', 'email:sales')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('delivery_attempts')
      .values({
        delivery_id: email.id,
        attempt: 1,
        started_at: queued,
        finished_at: queued,
        status: null,
        error: 'connect ECONNREFUSED 127.0.0.1:25',
        next_attempt_at: new Date('2026-11-26T09:00:30.000Z'),
      })
      .execute()
    await db
      .updateTable('deliveries')
      .set({
        attempts: 1,
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
        next_attempt_at: retryAt,
      })
      .where('id', '=', email.id)
      .execute()

    const detail = (await (await admin(`/api/admin/leads/${id}`)).json()) as LeadDetailJson
    expect(
      detail.deliveries.map((delivery) => [delivery.destination, delivery.state, delivery.attempts]),
    ).toStrictEqual([
      ['webhook:contact', 'delivered', 1],
      ['email:sales', 'pending', 1],
    ])
    const [webhook, notification] = detail.deliveries
    expect(webhook?.attempts_log).toMatchObject([{ attempt: 1, status: 200, error: null, nextAttemptAt: null }])
    expect(notification).toStrictEqual({
      id: email.id,
      destination: 'email:sales',
      state: 'pending',
      attempts: 1,
      next_attempt_at: retryAt.toISOString(),
      delivered_at: null,
      last_status: null,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      message: null,
      attempts_log: [
        {
          attempt: 1,
          startedAt: '2026-11-26T09:00:00.000Z',
          finishedAt: '2026-11-26T09:00:00.000Z',
          status: null,
          error: 'connect ECONNREFUSED 127.0.0.1:25',
          nextAttemptAt: '2026-11-26T09:00:30.000Z',
        },
      ],
    })
    // The single-delivery fields are still the webhook's.
    const { attempts_log, ...withoutLog } = webhook ?? { attempts_log: [] }
    expect(detail.delivery).toStrictEqual(withoutLog)
    expect(detail.attempts).toStrictEqual(attempts_log)
    expect(leadWebhookDelivery(detail)).toBe(webhook)

    const list = (await (await admin('/api/admin/leads')).json()) as { leads: LeadSummaryJson[] }
    expect(list.leads.map((lead) => [lead.id, lead.state, lead.deliveryId])).toStrictEqual([
      [id, 'delivered', webhook?.id],
    ])
  })

  it('forgets a person: leads, consents, outbox entries, dead letters and attempts, and says how many', async () => {
    await server.start({ CONTACT_WEBHOOK_URL: server.receiver.url('/gone') })
    await post({ payload: contact('Ann Lee', 'Ann@Example.com'), consent: optIn('Yes', 'rev-1') })
    await post({ payload: contact('Ann Lee', 'ann@example.com'), consent: optIn('Yes', 'rev-1') })
    const other = await post({ payload: contact('Bo Ray', 'bo@example.com'), consent: optIn('Yes', 'rev-1') })
    await expect
      .poll(
        async () => (await server.service.store.db.selectFrom('delivery_attempts').select('status').execute()).length,
      )
      .toBe(3)
    await expect
      .poll(async () => (await findLead(server.service.store.db, other))?.delivery?.state)
      .toBe('misconfigured')
    const response = await admin('/api/admin/forget', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ' ANN@example.com ' }),
    })
    expect(await response.json()).toStrictEqual({
      erased: { leads: 2, consents: 2, deliveries: 2, deadLetters: 2, attempts: 2, exports: 0 },
    })
    const left = await server.service.store.db.selectFrom('leads').select('id').execute()
    expect(left.map((lead) => lead.id)).toStrictEqual([other])
    expect(await server.service.store.db.selectFrom('lead_consents').select('lead_id').execute()).toStrictEqual([
      { lead_id: other },
    ])
    expect(await server.service.store.db.selectFrom('deliveries').select('lead_id').execute()).toStrictEqual([
      { lead_id: other },
    ])
    expect(JSON.stringify(server.log.entries)).not.toMatch(/ann@example\.com/i)
  })

  it('erases each form after its retention period, and keeps the others', async () => {
    await server.start({ LEAD_RETENTION_DAYS_CONTACT: '30' })
    const id = await post({ payload: contact('Ann Lee', 'ann@example.com'), consent: optIn('Yes', 'rev-1') })
    const config = leadConfigFromEnv({ ...server.store.env, LEAD_RETENTION_DAYS_CONTACT: '30', LEADS_ADMIN_TOKEN: 'x' })
    expect(config.retentionDays).toStrictEqual({ contact: 30 })
    // The outbox's first attempt is asynchronous; the sweep must find it to count it.
    await expect
      .poll(
        async () =>
          (await server.service.store.db.selectFrom('delivery_attempts').select('delivery_id').execute()).length,
      )
      .toBe(1)
    await sweepExpiredLeads(server.service.store, config, server.log, new Date(Date.now() + 29 * 86_400_000))
    expect((await findLead(server.service.store.db, id))?.lead.id).toBe(id)
    await sweepExpiredLeads(server.service.store, config, server.log, new Date(Date.now() + 31 * 86_400_000))
    expect(await findLead(server.service.store.db, id)).toBeUndefined()
    expect(await server.service.store.db.selectFrom('lead_consents').selectAll().execute()).toStrictEqual([])
    expect(server.log.entries.filter((entry) => entry.event === 'leads-expired')).toStrictEqual([
      {
        level: 'info',
        event: 'leads-expired',
        form: 'contact',
        days: 30,
        leads: 1,
        consents: 1,
        deliveries: 1,
        deadLetters: 0,
        attempts: 1,
      },
    ])
  })
})
