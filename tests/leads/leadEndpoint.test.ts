// @vitest-environment node

import { LEAD_PAYLOAD_SCHEMAS } from '@site/leads/payloads'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { findLead } from '../../apps/server/src/leads/store/queries'
import { buildContactPayload } from '../../apps/web/app/forms/contact/contactPayload'
import { buildQualificationPayload } from '../../apps/web/app/forms/qualification/payload'
import { useLeadServer } from './support/leadServer'
import { STORES } from './support/stores'

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const SITE = 'http://127.0.0.1:4173'

const contact = (email: string) =>
  buildContactPayload({ name: 'Ann Lee', email, phone: '', company: 'Lee Wealth', interest: 'app', message: 'Hello' })

describe.each(STORES)('the lead endpoint (POST /api/leads/<form>), on the %s store', (kind) => {
  const server = useLeadServer(kind, { env: { LEAD_WEBHOOK_SECRET: SECRET } })

  const post = (form: string, body: unknown, headers: Record<string, string> = {}) =>
    server.service.app.request(`/api/leads/${form}`, {
      method: 'POST',
      headers: {
        host: '127.0.0.1:4173',
        origin: SITE,
        'content-type': 'application/json',
        'idempotency-key': 'key-0001',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('stores a lead, answers 201, and delivers exactly its payload, signed as Standard Webhooks say', async () => {
    await server.start()
    const payload = contact('ann@example.com')
    const response = await post('contact', { payload, honeypot: '' })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    const stored = await findLead(server.service.store.db, id)
    expect(stored?.lead.payload).toStrictEqual(payload)
    expect(stored?.lead.quarantine_reason).toBeNull()

    await expect.poll(() => server.receiver.received.length).toBe(1)
    const [delivery] = server.receiver.received
    expect(delivery?.path).toBe('/contact')
    expect(delivery?.headers['content-type']).toBe('application/json')
    expect(delivery?.body).toBe(JSON.stringify(payload))
    expect(delivery?.headers['webhook-id']).toBe(stored?.delivery?.id)
    const verified = new Webhook(SECRET).verify(delivery?.body ?? '', {
      'webhook-id': String(delivery?.headers['webhook-id']),
      'webhook-timestamp': String(delivery?.headers['webhook-timestamp']),
      'webhook-signature': String(delivery?.headers['webhook-signature']),
    })
    expect(verified).toStrictEqual(payload)
    await expect.poll(async () => (await findLead(server.service.store.db, id))?.delivery?.state).toBe('delivered')
    // Nothing a visitor typed reaches the log.
    expect(JSON.stringify(server.log.entries)).not.toMatch(/ann@example\.com|Ann Lee|Lee Wealth/)
  })

  it('stores a repeated idempotency key once: the repeat answers 200 with the first lead', async () => {
    await server.start()
    const first = await post('contact', { payload: contact('repeat@example.com') })
    const again = await post('contact', { payload: contact('repeat@example.com') })
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(await again.json()).toStrictEqual({ id: ((await first.json()) as { id: string }).id, repeated: true })
    await expect.poll(() => server.receiver.received.length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(server.receiver.received).toHaveLength(1)
  })

  it('quarantines what the form would not send, with its reason, and answers 422 naming the field', async () => {
    await server.start()
    const payload = { ...contact('not-an-address'), interest: 'free lunch' }
    const response = await post('contact', { payload })
    expect(response.status).toBe(422)
    const body = (await response.json()) as { id: string; issues: unknown }
    expect(body.issues).toStrictEqual([
      { field: 'email', message: 'Invalid email address' },
      { field: 'interest', message: 'Please select an option' },
    ])
    const stored = await findLead(server.service.store.db, body.id)
    expect(stored?.lead.quarantine_reason).toBe(
      'invalid: email: Invalid email address; interest: Please select an option',
    )
    expect(stored?.delivery).toBeUndefined()
  })

  it('quarantines a submission whose honeypot is filled behind an ordinary 201', async () => {
    await server.start()
    const response = await post('contact', { payload: contact('bot@example.com'), honeypot: 'http://spam.example' })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect((await findLead(server.service.store.db, id))?.lead.quarantine_reason).toBe('honeypot field filled')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(server.receiver.received).toEqual([])
  })

  it('refuses other origins, other content types, large bodies, missing keys and unknown forms', async () => {
    await server.start()
    const body = { payload: contact('x@example.com') }
    expect((await post('contact', body, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await post('contact', body, { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await post('contact', 'x'.repeat(17 * 1024))).status).toBe(413)
    expect((await post('contact', body, { 'idempotency-key': '' })).status).toBe(400)
    expect((await post('newsletter', body)).status).toBe(404)
    expect((await post('contact', '{not json', { 'idempotency-key': 'key-0002' })).status).toBe(400)
    const preflight = await server.service.app.request('/api/leads/contact', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers 429 with Retry-After past the per-client limit', async () => {
    await server.start({ LEAD_RATE_LIMIT_PER_MINUTE: '3' })
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let index = 0; index < 4; index++) {
      const response = await post(
        'contact',
        { payload: contact(`r${index}@example.com`) },
        { 'idempotency-key': `key-rate-${index}` },
      )
      statuses.push(response.status)
      retryAfter = response.headers.get('retry-after')
    }
    expect(statuses).toEqual([201, 201, 201, 429])
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(Number(retryAfter)).toBeLessThanOrEqual(60)
  })

  it('stores a lead of a form without a webhook, and sends it nowhere', async () => {
    await server.start()
    const payload = buildQualificationPayload({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '5551234567',
      company: 'Lee Wealth',
      role: 'Independent Advisor',
      currentAUM: '$25M-$50M',
      primaryChallenge: 'Leads are too expensive',
      monthlyMarketingBudget: 'Under $2,500',
      timeline: 'Within 1 month',
      decisionMaker: 'Yes',
    })
    const response = await post('qualify', { payload })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    const stored = await findLead(server.service.store.db, id)
    expect(stored?.lead.payload).toStrictEqual(payload)
    expect(stored?.delivery).toBeUndefined()
  })
})

describe('the payload rules the lead server applies', () => {
  const timestamp = '2026-11-25T18:00:00.000Z'

  it('accept what each form sends, and nothing more', () => {
    expect(LEAD_PAYLOAD_SCHEMAS.contact.safeParse(contact('a@example.com')).success).toBe(true)
    expect(LEAD_PAYLOAD_SCHEMAS.contact.safeParse({ ...contact('a@example.com'), extra: 'x' }).success).toBe(false)
    const guide = { name: 'Ann', email: 'a@example.com', phone: '555', resource: 'Scaling Guide', timestamp }
    expect(LEAD_PAYLOAD_SCHEMAS.guide.safeParse(guide).success).toBe(true)
    expect(LEAD_PAYLOAD_SCHEMAS.guide.safeParse({ ...guide, phone: ' ' }).error?.issues[0]?.message).toBe(
      'Phone number is required',
    )
    const entry = {
      fullName: 'Ann Lee',
      email: 'a@b',
      phone: '555',
      company: 'Lee',
      title: 'CEO',
      optIn: true,
      timestamp,
      source: 'conference_giveaway',
    }
    // `a@b` is what a browser's type=email accepts, so the server does too.
    expect(LEAD_PAYLOAD_SCHEMAS.giveaway.safeParse(entry).success).toBe(true)
    expect(LEAD_PAYLOAD_SCHEMAS.giveaway.safeParse({ ...entry, optIn: false }).success).toBe(false)
    expect(LEAD_PAYLOAD_SCHEMAS.giveaway.safeParse({ ...entry, email: 'ann' }).success).toBe(false)
  })

  it('refuse a questionnaire answer to a question the visitor was not asked', () => {
    const base = {
      timestamp,
      source: 'Lead Qualification Form',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'a@example.com',
      phone: '5551234567',
      company: 'Lee Wealth',
      role: 'RIA',
      numberOfAdvisors: '2-5',
      currentAUM: 'Under $25M',
      primaryChallenge: 'Leads are too expensive',
      monthlyMarketingBudget: 'Under $2,500',
      timeline: 'Within 1 month',
      decisionMaker: 'Yes',
    }
    expect(LEAD_PAYLOAD_SCHEMAS.qualify.safeParse(base).success).toBe(true)
    const result = LEAD_PAYLOAD_SCHEMAS.qualify.safeParse({ ...base, writesAnnuities: 'Yes', phone: '555' })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phone', 'Please enter a valid phone number'],
      ['writesAnnuities', 'Not a question this visitor was asked'],
    ])
  })
})
