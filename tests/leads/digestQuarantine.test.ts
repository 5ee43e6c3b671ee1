import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notifyConfigFromEnv } from '../../apps/server/src/leads/delivery/notifyConfig'
import { renderNotification } from '../../apps/server/src/leads/delivery/renderMessage'
import { claimedDigest } from './support/claimedDigest'
import { useLeadServer } from './support/leadServer'
import { STORES } from './support/stores'

// Point 3 of issue 39: the quarantine is never silent. The day's digest says how many leads it held in the
// digest's 24 hours, and why, with the link to review them; a released lead is no longer counted.

const dir = mkdtempSync(join(tmpdir(), 'digest-quarantine-'))
const content = join(dir, 'content.ndjson')
writeFileSync(
  content,
  JSON.stringify({
    _id: 'leadRouting',
    _type: 'leadRouting',
    _rev: 'r1',
    rules: [],
    otherwiseEmails: ['digest@advisorgrowth.test'],
    confirmations: [],
  }),
)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const notify = notifyConfigFromEnv({ LEAD_STUDIO_URL: 'https://studio.advisorgrowth.test' })

describe.each(STORES)('the digest on the %s store', (kind) => {
  const server = useLeadServer(kind)
  // The lead service in this process reads the content as `pnpm serve` does, from its environment.
  beforeEach(() => {
    vi.stubEnv('CONTENT_SEED_FILE', content)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  const post = async (key: string, name: string, honeypot = '') => {
    const response = await server.service.app.request('/api/leads/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        payload: {
          name,
          email: `${key}@example.com`,
          phone: '',
          company: '',
          interest: 'other',
          message: '',
          timestamp: new Date().toISOString(),
          source: 'advisorgrowth-website',
        },
        honeypot,
      }),
    })
    expect(response.status).toBe(201)
    return ((await response.json()) as { id: string }).id
  }

  it('counts what the quarantine held in its 24 hours, by reason, and links to the Leads tool', async () => {
    await server.start({ LEAD_ROUTING_CACHE_MS: '0' })
    await post('digest-accepted-01', 'Ann Lee')
    await post('digest-honeypot-01', 'Bo Ray', 'filled by a bot')
    await post('digest-honeypot-02', 'Cy Dunn', 'filled by a bot')
    const released = await post('digest-markup-01', '<a href="http://x.test">Dee</a>')
    await post('digest-markup-02', 'Eve http://x.test')
    const release = await server.service.app.request(`/api/admin/leads/${released}/release`, {
      method: 'POST',
      headers: { authorization: 'Bearer admin-token-for-tests' },
    })
    expect(release.status).toBe(202)

    const claim = claimedDigest({ id: released, form: 'contact' }, 'digest@advisorgrowth.test')
    const rendered = await renderNotification(claim, notify, server.service.store.db)
    const text = rendered.email?.text ?? ''
    expect(text).toContain('HELD IN THE QUARANTINE: 3 LEADS')
    // Most first; the released lead (markup in its name) is no longer counted.
    expect(text).toContain('Honeypot field filled: 2\n\nA link or markup in a name or company field: 1')
    expect(text).toContain('Review them in the Leads tool https://studio.advisorgrowth.test/leads')
  })

  it("still sends the day's digest when the quarantine held every lead, saying so in its subject", async () => {
    await server.start({ LEAD_ROUTING_CACHE_MS: '0' })
    const first = await post('held-only-01', 'Bo Ray', 'filled by a bot')
    await post('held-only-02', 'Cy Dunn', 'filled by a bot')
    const digests = await server.service.store.db
      .selectFrom('deliveries')
      .select(['lead_id', 'destination', 'message', 'state'])
      .where('destination', 'like', 'digest:%')
      .execute()
    // One digest for the day, however many held leads queued it; nothing else was queued for them.
    expect(digests).toHaveLength(1)
    expect(digests[0]).toMatchObject({
      lead_id: first,
      destination: 'digest:digest@advisorgrowth.test',
      state: 'pending',
    })
    const queued = typeof digests[0]?.message === 'string' ? JSON.parse(digests[0].message) : digests[0]?.message
    const claim = claimedDigest({ id: first, form: 'contact' }, 'digest@advisorgrowth.test', {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      until: queued.until,
    })
    const rendered = await renderNotification(claim, notify, server.service.store.db)
    expect(rendered.email?.subject).toBe(
      `No new leads, 2 leads held by the spam check · digest of ${String(queued.until).slice(0, 10)}`,
    )
    expect(rendered.email?.text).toContain('Honeypot field filled: 2')
    const others = await server.service.store.db
      .selectFrom('deliveries')
      .select('destination')
      .where('destination', 'not like', 'digest:%')
      .execute()
    expect(others).toStrictEqual([])
    // `pnpm leads health` (this answer) says what the quarantine holds, and why.
    const health = await server.service.app.request('/api/admin/health', {
      headers: { authorization: 'Bearer admin-token-for-tests' },
    })
    expect(((await health.json()) as { leads: unknown }).leads).toStrictEqual({
      total: 2,
      quarantined: 2,
      heldFor: [{ reason: 'honeypot', count: 2 }],
    })
  })
})
