// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findLead } from '../../apps/server/src/leads/store/queries'
import { useLeadServer } from './support/leadServer'
import { STORES } from './support/stores'

/**
 * Whatever reaches the lead endpoint — JSON of any shape, depth and Unicode (U+0000 and unpaired surrogates
 * included), bytes that are not UTF-8, any headers — the answer is 201, 200 or 4xx, never 5xx; the server
 * keeps answering; and a stored lead reads back exactly as it was sent.
 */
const SITE = 'http://127.0.0.1:4173'
const RUNS = 200

/** Any string, with the code points a store trips on made likely: U+0000, lone surrogates, astral, controls. */
const anyText = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', '\u2028', '\ufeff', '😀', '\u0301', '"', '\\'),
      },
    ),
    maxLength,
  })

/** A latin-1 header value (what `Headers` can carry), or nothing. */
const headerValue = fc.option(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 80 }),
  { nil: undefined },
)

/** A contact payload a form could send, with any text in its free fields: most pass the rules and are stored. */
const contactPayload = fc.record({
  name: anyText(40).filter((name) => name.trim().length > 0),
  email: fc.constantFrom('ann@example.com', 'b.o+tag@sub.example.org', 'x@y.co'),
  phone: anyText(20),
  company: anyText(60),
  interest: fc.constantFrom('app', 'funnels', 'ads', 'all', 'other', 'free lunch'),
  message: anyText(300),
  timestamp: fc.constant('2026-11-25T18:00:00.000Z'),
  source: fc.constant('advisorgrowth-website'),
})

const deep = fc
  .integer({ min: 1, max: 7000 })
  .map((depth) => `{"payload":{"name":"D","nested":${'['.repeat(depth)}${']'.repeat(depth)}}}`)

/** What a request carries: a body as text (or bytes) and its headers. */
const request = fc.record({
  body: fc.oneof(
    { weight: 8, arbitrary: contactPayload.map((payload) => JSON.stringify({ payload, honeypot: '' })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify({ payload: value })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: anyText(200) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
  ),
  key: fc.oneof(
    fc.stringMatching(/^[\w.:-]{8,40}$/),
    fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 140 }),
  ),
  // Weighted towards what the site sends, so that enough requests are stored for the property to check: with
  // every origin and type equally likely, 2 to 9 of 200 were (8 runs), and about 1 run in 100 stored none (a
  // failed npm test); weighted, 9 to 21 (6 runs).
  contentType: fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'),
    },
    { weight: 1, arbitrary: fc.constant('text/plain') },
  ),
  origin: fc.oneof(
    { weight: 6, arbitrary: fc.constant(SITE) },
    { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null') },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  userAgent: headerValue,
  forwardedFor: headerValue,
  referer: headerValue,
})

describe.each(STORES)('any request to the lead endpoint, on the %s store', (kind) => {
  const server = useLeadServer(kind)

  it(`answers 201, 200 or 4xx, never 5xx, and stores exactly what it accepts (${RUNS} requests)`, async () => {
    await server.start({ LEAD_RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '1' })
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const headers: Record<string, string> = {
          host: '127.0.0.1:4173',
          'content-type': sent.contentType,
          'idempotency-key': sent.key,
        }
        if (sent.origin) headers.origin = sent.origin
        if (sent.userAgent !== undefined) headers['user-agent'] = sent.userAgent
        if (sent.forwardedFor !== undefined) headers['x-forwarded-for'] = sent.forwardedFor
        if (sent.referer !== undefined) headers.referer = sent.referer
        const response = await server.service.app.request('/api/leads/contact', {
          method: 'POST',
          headers,
          body: typeof sent.body === 'string' ? sent.body : new Uint8Array(sent.body),
        })
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        expect(
          response.status === 200 || response.status === 201 || (response.status >= 400 && response.status < 500),
        ).toBe(true)
        if (response.status !== 201 || typeof sent.body !== 'string') return
        const { id } = (await response.json()) as { id: string }
        const stored = await findLead(server.service.store.db, id)
        const { payload, honeypot } = JSON.parse(sent.body) as { payload: unknown; honeypot?: unknown }
        if (honeypot === '' || honeypot === undefined) expect(stored?.lead.quarantine_reason).toBeNull()
        if (stored?.lead.quarantine_reason === null)
          expect(JSON.stringify(stored.lead.payload)).toBe(JSON.stringify(payload))
      }),
      { numRuns: RUNS },
    )
    // Some of each kind of answer was seen, and the server still stores an ordinary lead.
    expect(statuses.get(201)).toBeGreaterThan(0)
    expect([...statuses.keys()].some((status) => status >= 400)).toBe(true)
    const ordinary = await server.service.app.request('/api/leads/contact', {
      method: 'POST',
      headers: { host: '127.0.0.1:4173', 'content-type': 'application/json', 'idempotency-key': 'after-the-storm' },
      body: JSON.stringify({
        payload: {
          name: 'Ann Lee',
          email: 'ann@example.com',
          phone: '',
          company: '',
          interest: 'all',
          message: '',
          timestamp: '2026-11-25T18:00:00.000Z',
          source: 'advisorgrowth-website',
        },
      }),
    })
    expect(ordinary.status).toBe(201)
  })
})
