import { describe, expect, it } from 'vitest'
import type { LeadDb } from '../../apps/server/src/leads/db/database'
import { notifyConfigFromEnv } from '../../apps/server/src/leads/delivery/notifyConfig'
import { renderNotification } from '../../apps/server/src/leads/delivery/renderMessage'
import type { ClaimedDelivery } from '../../apps/server/src/leads/store/deliveryQueue'

// The time in the team's e-mail: in the team's zone (LEAD_TEAM_TIME_ZONE) with UTC beside it, UTC alone unset.

const payload = {
  name: 'Dana Whitfield',
  email: 'dana@whitfield.test',
  phone: '',
  company: 'Whitfield Wealth',
  interest: 'ads',
  message: '',
  timestamp: '2026-11-26T15:04:59.000Z',
  source: 'advisorgrowth-website',
}

const claim = (): ClaimedDelivery => ({
  id: '6f1d7c2a-1b3e-4c5d-8e9f-0a1b2c3d4e5f',
  leadId: 'c0ffee00-0000-4000-8000-000000000002',
  destination: 'email:team',
  attempt: 1,
  payload,
  leaseToken: 'token',
  windowStartedAt: new Date(),
  message: { kind: 'team', to: ['sales@advisorgrowth.test'], rule: null },
  lead: {
    id: 'c0ffee00-0000-4000-8000-000000000002',
    form: 'contact',
    payload,
    attribution: null,
    received_at: new Date('2026-11-26T15:05:00.000Z'),
    notify: null,
    first_lead: null,
  },
})

async function renderedText(env: NodeJS.ProcessEnv): Promise<string> {
  const rendered = await renderNotification(claim(), notifyConfigFromEnv(env), undefined as unknown as LeadDb)
  return rendered.email?.text ?? ''
}

describe("the time in the team's e-mail", () => {
  it("is given in the team's zone with UTC beside it", async () => {
    const text = await renderedText({ LEAD_TEAM_TIME_ZONE: 'America/New_York' })
    expect(text).toContain('Contact · Thu, Nov 26, 10:05 AM EST (2026-11-26 15:05 UTC)')
  })

  it('follows the zone’s own clock: summer time in Europe/Berlin', async () => {
    const summer = claim()
    if (summer.lead) summer.lead.received_at = new Date('2026-07-01T08:30:00.000Z')
    const rendered = await renderNotification(
      summer,
      notifyConfigFromEnv({ LEAD_TEAM_TIME_ZONE: 'Europe/Berlin' }),
      undefined as unknown as LeadDb,
    )
    expect(rendered.email?.text).toContain('Contact · Wed, Jul 1, 10:30 AM GMT+2 (2026-07-01 08:30 UTC)')
  })

  it('is UTC alone when no zone is set', async () => {
    const text = await renderedText({})
    expect(text).toContain('Contact · 2026-11-26 15:05 UTC')
    expect(text).not.toContain('(2026-11-26')
  })

  it('refuses a zone that is not one, naming the variable', () => {
    expect(() => notifyConfigFromEnv({ LEAD_TEAM_TIME_ZONE: 'Eastern' })).toThrow(
      'LEAD_TEAM_TIME_ZONE: an IANA time zone such as America/New_York (got "Eastern")',
    )
  })
})
