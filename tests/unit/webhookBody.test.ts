import { describe, expect, it } from 'vitest'
import { webhookBody } from '../../apps/server/src/leads/delivery/outbox'
import { leadConfigFromEnv } from '../../apps/server/src/leads/leadConfig'

// Issue 41, point 3: a CRM can hear which campaign and experiment variant brought a lead, when asked for; by
// default the body stays the spec's payload (SPEC §7), which receivers built for it expect.
const payload = { name: 'Dana Whitfield', email: 'dana@example.com', timestamp: '2026-11-28T09:00:00.000Z' }
const attribution = {
  page: '/contact',
  firstTouch: { landingPage: '/', at: '2026-11-28T08:59:00.000Z' },
  lastTouch: { landingPage: '/', at: '2026-11-28T08:59:00.000Z' },
  experiments: [{ experiment: 'experiment.home-hero', variant: 'b' }],
}

describe('the body a form webhook receives', () => {
  it('is the payload alone by default, and with LEAD_WEBHOOK_ATTRIBUTION=on the attribution beside it', () => {
    expect(leadConfigFromEnv({}).webhookAttribution).toBe(false)
    expect(leadConfigFromEnv({ LEAD_WEBHOOK_ATTRIBUTION: 'on' }).webhookAttribution).toBe(true)
    expect(() => leadConfigFromEnv({ LEAD_WEBHOOK_ATTRIBUTION: 'yes' })).toThrow(
      'LEAD_WEBHOOK_ATTRIBUTION is "on" or "off", not "yes"',
    )
    expect(webhookBody(payload, attribution, false)).toStrictEqual(payload)
    expect(webhookBody(payload, attribution, true)).toStrictEqual({ ...payload, attribution })
  })

  it('a lead sent without attribution (a script, an old page) gets the payload alone either way', () => {
    expect(webhookBody(payload, null, true)).toStrictEqual(payload)
  })
})
