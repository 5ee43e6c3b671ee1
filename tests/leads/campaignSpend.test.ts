import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InsightsReport } from '@site/leads/insights'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildContactPayload } from '../../apps/web/app/forms/contact/contactPayload'
import { ADMIN_TOKEN, useLeadServer } from './support/leadServer'
import { STORES } from './support/stores'

const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` }
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36'
const SITE = 'http://127.0.0.1:4173'

const now = new Date()
const MONTH = now.toISOString().slice(0, 7)
const LAST_DAY = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10)

/** The content the server reads (CONTENT_SEED_FILE): this month's spend, a draft that must not count. */
function contentWithSpend(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'spend-content-')), 'seed.ndjson')
  const spend = (id: string, fields: Record<string, unknown>) =>
    JSON.stringify({ _id: id, _type: 'campaignSpend', month: MONTH, ...fields })
  writeFileSync(
    file,
    [
      spend('spend-fall', { campaign: 'fall', source: 'linkedin', medium: 'paid', amount: 1200 }),
      spend('drafts.spend-fall', { campaign: 'fall', source: 'linkedin', medium: 'paid', amount: 9999 }),
      spend('spend-brand', { campaign: 'brand', source: 'google', amount: 500 }),
    ].join('\n'),
  )
  return file
}

describe.each(STORES)('cost per lead from the content’s campaign spend, on the %s lead store', (kind) => {
  const server = useLeadServer(kind, { env: { LEADS_SANITY_AUTH: 'off', TRUST_PROXY: '1' } })
  // The lead server reads its content where the build does: the process's CONTENT_SEED_FILE.
  beforeEach(() => {
    vi.stubEnv('CONTENT_SEED_FILE', contentWithSpend())
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('divides the month’s spend by the campaign’s leads and qualified leads, in the figures and their JSON', async () => {
    const service = await server.start()
    const touch = {
      at: now.toISOString(),
      landingPage: `${SITE}/solutions?utm_source=linkedin&utm_medium=paid&utm_campaign=fall`,
      utm_source: 'linkedin',
      utm_medium: 'paid',
      utm_campaign: 'fall',
    }
    for (const [index, email] of ['ada@example.com', 'bo@example.com'].entries()) {
      const lead = await service.app.request('/api/leads/contact', {
        method: 'POST',
        headers: {
          host: '127.0.0.1:4173',
          origin: SITE,
          'user-agent': CHROME,
          'x-forwarded-for': `10.1.1.${index + 1}`,
          'content-type': 'application/json',
          'idempotency-key': `spend-lead-000${index}`,
        },
        body: JSON.stringify({
          payload: buildContactPayload({
            name: 'Ada Lee',
            email,
            phone: '',
            company: '',
            interest: 'app',
            message: '',
          }),
          honeypot: '',
          attribution: { page: `${SITE}/contact`, firstTouch: touch, lastTouch: touch },
        }),
      })
      expect(lead.status).toBe(201)
    }
    const first = await service.store.db
      .selectFrom('leads')
      .select('id')
      .orderBy('received_at')
      .executeTakeFirstOrThrow()
    const qualified = await service.app.request(`/api/admin/leads/${first.id}/status`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ change: { status: 'qualified' }, by: 'ana@example.com', via: 'cli' }),
    })
    expect(qualified.status).toBe(200)

    const answer = await service.app.request(`/api/admin/insights?from=${MONTH}-01&to=${LAST_DAY}`, { headers: ADMIN })
    expect(answer.status).toBe(200)
    const report = (await answer.json()) as InsightsReport
    expect(
      report.followThrough?.byCampaign.map(
        ({ source, medium, campaign, leads, qualified, spend, costPerLead, costPerQualifiedLead }) => ({
          source,
          medium,
          campaign,
          leads,
          qualified,
          spend,
          costPerLead,
          costPerQualifiedLead,
        }),
      ),
    ).toEqual([
      {
        source: 'linkedin',
        medium: 'paid',
        campaign: 'fall',
        leads: 2,
        qualified: 1,
        spend: 1200,
        costPerLead: 600,
        costPerQualifiedLead: 1200,
      },
      {
        source: 'google',
        medium: '(all)',
        campaign: 'brand',
        leads: 0,
        qualified: 0,
        spend: 500,
        costPerLead: null,
        costPerQualifiedLead: null,
      },
    ])
  })
})
