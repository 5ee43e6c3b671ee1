import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { notifyConfigFromEnv } from '../../apps/server/src/leads/delivery/notifyConfig'
import { renderNotification } from '../../apps/server/src/leads/delivery/renderMessage'
import type { ClaimedDelivery } from '../../apps/server/src/leads/store/deliveryQueue'
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
    await server.start({ CONTENT_SEED_FILE: content, LEAD_ROUTING_CACHE_MS: '0' })
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

    const now = Date.now()
    const claim = {
      id: '0b8a6c1e-7f1e-4a8e-9d7c-3f0c9e2f1a55',
      leadId: released,
      destination: 'digest:digest@advisorgrowth.test',
      attempt: 1,
      payload: {},
      leaseToken: 'token',
      windowStartedAt: new Date(),
      message: {
        kind: 'digest',
        to: ['digest@advisorgrowth.test'],
        from: new Date(now - 3_600_000).toISOString(),
        until: new Date(now + 3_600_000).toISOString(),
      },
      lead: { id: released, form: 'contact', payload: {}, attribution: null, received_at: new Date(), notify: {} },
    } as unknown as ClaimedDelivery
    const rendered = await renderNotification(claim, notify, server.service.store.db)
    const text = rendered.email?.text ?? ''
    expect(text).toContain('HELD IN THE QUARANTINE: 3 LEADS')
    // Most first; the released lead (markup in its name) is no longer counted.
    expect(text).toContain('Honeypot field filled: 2\n\nA link or markup in a name or company field: 1')
    expect(text).toContain('Review them in the Leads tool https://studio.advisorgrowth.test/leads')
  })
})
