// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import type { LeadSummaryJson } from '@site/leads/admin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { leadConfigFromEnv } from '../../apps/server/src/leads/leadConfig'
import { storeLead } from '../../apps/server/src/leads/store/intake'
import { findLead, leadCounts } from '../../apps/server/src/leads/store/queries'
import { buildContactPayload } from '../../apps/web/app/forms/contact/contactPayload'
import { ADMIN_TOKEN, useLeadServer } from './support/leadServer'
import { STORES } from './support/stores'

/**
 * What a stranger can send (issue 32): text a store cannot hold, payloads nested thousands of levels deep,
 * bytes that are not UTF-8, a missing Idempotency-Key, a key reused after a refusal, forged X-Forwarded-For
 * entries, bad admin filters and tokens. Each is answered 4xx (or stored), never 5xx, and every stored lead
 * stays listable, exportable and erasable.
 */
const SITE = 'http://127.0.0.1:4173'
const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` }

const contact = (email: string, fields: Record<string, string> = {}) => ({
  ...buildContactPayload({
    name: 'Nina Quell',
    email,
    phone: '5550001111',
    company: 'Quell Wealth',
    interest: 'app',
    message: 'Hello there',
  }),
  ...fields,
})

describe.each(STORES)('hostile submissions and filters, on the %s store', (kind) => {
  const server = useLeadServer(kind)
  let keys = 0

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    server.service.app.request('/api/leads/contact', {
      method: 'POST',
      headers: {
        host: '127.0.0.1:4173',
        origin: SITE,
        'content-type': 'application/json',
        'idempotency-key': `hostile-${String(++keys).padStart(6, '0')}`,
        ...headers,
      },
      body: typeof body === 'string' ? body : body instanceof Uint8Array ? new Uint8Array(body) : JSON.stringify(body),
    })
  const admin = (path: string, init: RequestInit = {}) =>
    server.service.app.request(path, { ...init, headers: { ...ADMIN, ...(init.headers as Record<string, string>) } })
  const forget = (email: string) =>
    admin('/api/admin/forget', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })

  it('quarantines text a store cannot hold with its reason (400), and erasure, lists and exports keep working', async () => {
    await server.start()
    const nulPhone = await post({ payload: contact('nul.phone@example.com', { phone: '555\u00000000' }) })
    expect(nulPhone.status).toBe(400)
    const refused = (await nulPhone.json()) as { error: string; id: string }
    expect(refused.error).toBe(
      'The submission cannot be stored as sent: payload.phone holds U+0000, which a store cannot hold',
    )
    const quarantined = await findLead(server.service.store.db, refused.id)
    expect(quarantined?.lead.quarantine_reason).toBe(
      'unstorable: payload.phone holds U+0000, which a store cannot hold',
    )
    // The raw body is kept as text the store holds: the escape as the client sent it.
    expect(quarantined?.lead.payload.body).toContain('555\\u00000000')

    expect((await post({ payload: contact('nul.name@example.com', { name: 'Ni\u0000na' }) })).status).toBe(400)
    const surrogate = await post({ payload: contact('lone@example.com', { message: 'half \ud83d of a pair' }) })
    expect(surrogate.status).toBe(400)
    expect(((await surrogate.json()) as { error: string }).error).toBe(
      'The submission cannot be stored as sent: payload.message holds an unpaired UTF-16 surrogate, which is not Unicode text',
    )
    const badKey = await post({ payload: { ...contact('key@example.com'), 'x\u0000y': 'z' } })
    expect(badKey.status).toBe(400)
    expect(((await badKey.json()) as { error: string }).error).toContain('a key of payload holds U+0000')

    // A lead stored before the boundary checked (or by another tool) with U+0000 in its payload.
    await storeLead(server.service.store.db, {
      form: 'contact',
      idempotencyKey: 'legacy-row-0001',
      payload: contact('legacy@example.com', { phone: 'x\u0000y' }),
      deliver: false,
      now: new Date(),
    })
    const kept = await post({ payload: contact('kept@example.com') })
    expect(kept.status).toBe(201)

    expect((await admin('/api/admin/leads')).status).toBe(200)
    const csv = await admin('/api/admin/export.csv')
    expect(csv.status).toBe(200)
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(1 + 6)
    const erased = await forget('kept@example.com')
    expect(erased.status).toBe(200)
    expect(((await erased.json()) as { erased: { leads: number } }).erased.leads).toBe(1)
    const legacy = await forget('LEGACY@example.com')
    expect(((await legacy.json()) as { erased: { leads: number } }).erased.leads).toBe(1)
    // A refused body is erased with its address, as any quarantined body.
    expect(((await (await forget('nul.phone@example.com')).json()) as { erased: { leads: number } }).erased.leads).toBe(
      1,
    )
    expect((await forget('nul\u0000@example.com')).status).toBe(400)
  })

  it('answers a payload nested 5,000 levels deep 400 with its reason, and keeps answering', async () => {
    await server.start()
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const body = `{"payload":{"name":"Deep","email":"deep@example.com","nested":${deep}}}`
    expect(body.length).toBeLessThan(16 * 1024)
    const response = await post(body)
    expect(response.status).toBe(400)
    const { id, error } = (await response.json()) as { id: string; error: string }
    expect(error).toBe(
      'The submission cannot be stored as sent: payload.nested[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0] is nested deeper than 32 levels',
    )
    expect((await findLead(server.service.store.db, id))?.lead.payload.body).toBe(body)
    // Deep where it is never stored (beside the payload), and deep with a honeypot: no overflow either.
    expect((await post(`{"payload":${JSON.stringify(contact('beside@example.com'))},"extra":${deep}}`)).status).toBe(
      201,
    )
    expect((await post(`{"payload":{"a":${deep}},"honeypot":"x"}`)).status).toBe(201)
    expect((await post({ payload: contact('after@example.com') })).status).toBe(201)
  })

  it('quarantines a body that is not UTF-8 (400)', async () => {
    await server.start()
    const bytes = new TextEncoder().encode(JSON.stringify({ payload: contact('bytes@example.com') }))
    const broken = Uint8Array.from([...bytes.slice(0, 20), 0xff, 0xfe, ...bytes.slice(20)])
    const response = await post(broken)
    expect(response.status).toBe(400)
    const { id } = (await response.json()) as { id: string }
    expect((await findLead(server.service.store.db, id))?.lead.quarantine_reason).toBe('the body is not UTF-8 text')
  })

  it('refuses a request without a valid Idempotency-Key, storing nothing', async () => {
    await server.start()
    for (const key of ['', 'short', 'has spaces in it', 'x'.repeat(129)]) {
      const response = await post({ payload: contact('nokey@example.com') }, { 'idempotency-key': key })
      expect(response.status).toBe(400)
      expect(await response.json()).toStrictEqual({
        error: 'An Idempotency-Key header is required: 8 to 128 letters, digits, ".", ":", "_" or "-"',
      })
    }
    expect(await leadCounts(server.service.store.db)).toStrictEqual({ total: 0, quarantined: 0, heldFor: [] })
  })

  it('stores the corrected resend of a refused submission under the same key; the refused one stays quarantined', async () => {
    await server.start()
    const key = { 'idempotency-key': 'form-shown-0001' }
    const first = await post({ payload: contact('not-an-address') }, key)
    expect(first.status).toBe(422)
    const unstorable = await post({ payload: contact('fixed@example.com', { message: 'a\u0000b' }) }, key)
    expect(unstorable.status).toBe(400)
    const corrected = contact('fixed@example.com')
    const second = await post({ payload: corrected }, key)
    expect(second.status).toBe(201)
    const { id } = (await second.json()) as { id: string }
    expect((await findLead(server.service.store.db, id))?.lead.payload).toStrictEqual(corrected)
    const again = await post({ payload: corrected }, key)
    expect(await again.json()).toStrictEqual({ id, repeated: true })
    // Only the corrected lead is delivered: the store's own outbox sends it to the receiver once it is stored.
    await vi.waitFor(async () =>
      expect((await findLead(server.service.store.db, id))?.delivery?.state).toBe('delivered'),
    )
    const list = (await (await admin('/api/admin/leads')).json()) as { leads: LeadSummaryJson[] }
    expect(list.leads.map((lead) => [lead.state, lead.quarantineReason])).toStrictEqual([
      ['delivered', null],
      ['quarantined', 'unstorable: payload.message holds U+0000, which a store cannot hold'],
      ['quarantined', 'invalid: email: Invalid email address'],
    ])
  })

  it('answers 400 naming the field for every admin query parameter it cannot use, lists and exports alike', async () => {
    await server.start()
    expect((await post({ payload: contact('filter@example.com') })).status).toBe(201)
    const cases: Array<[string, string]> = [
      ['limit=1.5', 'limit'],
      ['limit=0', 'limit'],
      ['limit=100000', 'limit'],
      ['beforeAt=2026-11-25T00:00:00Z&beforeId=not-a-uuid', 'beforeId'],
      ['beforeAt=2026-11-25T00:00:00Z', 'beforeId'],
      ['from=-271821-04-20T00:00:00Z', 'from'],
      ['to=275760-09-13T00:00:00Z', 'to'],
      ['from=yesterday', 'from'],
      ['form=newsletter', 'form'],
      ['state=lost', 'state'],
      ['q=%00filter', 'q'],
      ['serch=filter', 'serch'],
    ]
    for (const [query, field] of cases) {
      for (const path of ['/api/admin/leads', '/api/admin/export.csv']) {
        const response = await admin(`${path}?${query}`)
        expect([path, query, response.status]).toStrictEqual([path, query, 400])
        expect(((await response.json()) as { field: string }).field).toBe(field)
      }
    }
    const page = await admin('/api/admin/leads?limit=1&from=2026-01-01&to=9999-12-31T00:00:00Z&q=FILTER')
    expect(((await page.json()) as { leads: unknown[] }).leads).toHaveLength(1)
  })
})

describe('the client address behind proxies (TRUST_PROXY, as proxy-addr reads it)', () => {
  const server = useLeadServer('embedded')
  let listening: Server | undefined
  afterEach(() => listening?.close())

  /** The lead server on a real loopback socket, so the connection's own address counts. */
  const serve = async () => {
    listening = createServer(getRequestListener(server.service.app.fetch))
    await new Promise<void>((resolve) => listening?.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
    return (index: number, forwarded: string) =>
      fetch(`${origin}/api/leads/contact`, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/json',
          'idempotency-key': `proxy-key-${String(index).padStart(4, '0')}`,
          'x-forwarded-for': forwarded,
        },
        body: JSON.stringify({
          payload: contact(`p${index}@example.com`),
          consent: {
            kind: 'disclosure',
            text: 'We read every message.',
            field: 'text',
            documentId: 'd',
            documentRev: 'r',
          },
        }),
      })
  }

  for (const trust of ['1', '127.0.0.1', 'loopback, 10.0.0.0/8']) {
    it(`TRUST_PROXY=${trust}: forged entries left of the proxy's own share one rate limit and are never recorded`, async () => {
      await server.start({ TRUST_PROXY: trust, LEAD_RATE_LIMIT_PER_MINUTE: '3' })
      const send = await serve()
      const statuses: number[] = []
      const ids: string[] = []
      for (let index = 0; index < 5; index++) {
        const response = await send(index, `198.51.100.${index}, 203.0.113.9`)
        statuses.push(response.status)
        if (response.status === 201) ids.push(((await response.json()) as { id: string }).id)
      }
      expect(statuses).toStrictEqual([201, 201, 201, 429, 429])
      const consent = (await findLead(server.service.store.db, ids[0] ?? ''))?.consents[0]
      expect(consent?.ip_address).toBe('203.0.113.9')
    })
  }

  it('without TRUST_PROXY, the connection’s address; TRUST_PROXY=true is refused at start', async () => {
    await server.start({ LEAD_RATE_LIMIT_PER_MINUTE: '100' })
    const send = await serve()
    const response = await send(1, '203.0.113.9')
    const { id } = (await response.json()) as { id: string }
    expect((await findLead(server.service.store.db, id))?.consents[0]?.ip_address).toBe('127.0.0.1')
    expect(() => leadConfigFromEnv({ TRUST_PROXY: 'true', LEADS_ADMIN_TOKEN: 'x' })).toThrow(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client writes',
    )
    expect(() => leadConfigFromEnv({ TRUST_PROXY: 'not an address', LEADS_ADMIN_TOKEN: 'x' })).toThrow()
  })
})

describe('admin access with no Sanity project: the admin token or the local editor’s, nothing else', () => {
  const server = useLeadServer('embedded')
  let impostor: Server | undefined
  afterEach(() => impostor?.close())
  const LOCAL_EDITOR = 'local-editor-token-for-hostile-tests-0123456789'

  it('gives a random token 401 even when something on the lake’s port calls every token an administrator', async () => {
    const asked: string[] = []
    impostor = createServer((req, res) => {
      asked.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: 'p-anyone', role: 'administrator', roles: [{ name: 'administrator' }] }))
    })
    await new Promise<void>((resolve) => impostor?.listen(0, '127.0.0.1', resolve))
    const port = String((impostor.address() as AddressInfo).port)
    await server.start({ CONTENT_LAKE_PORT: port, CONTENT_LAKE_TOKEN: LOCAL_EDITOR })
    const as = (token: string) =>
      server.service.app.request('/api/admin/leads', { headers: { authorization: `Bearer ${token}` } })
    expect((await as('random-token-of-a-stranger')).status).toBe(401)
    expect((await as(`${LOCAL_EDITOR}x`)).status).toBe(401)
    expect((await as(LOCAL_EDITOR)).status).toBe(200)
    expect((await as(ADMIN_TOKEN)).status).toBe(200)
    expect(asked).toStrictEqual([])
  })

  it('answers a wrong token 401, not 503, with nothing listening on the lake’s port', async () => {
    await server.start({ CONTENT_LAKE_PORT: '9', CONTENT_LAKE_TOKEN: LOCAL_EDITOR })
    const response = await server.service.app.request('/api/admin/health', {
      headers: { authorization: 'Bearer wrong-token-0000' },
    })
    expect(response.status).toBe(401)
  })
})
