import { leadRoutingSchema } from '@site/leads/routing'
import { describe, expect, it } from 'vitest'
import { followThroughPlan } from '../../apps/server/src/leads/followThrough/rotation'
import { leadConfigFromEnv } from '../../apps/server/src/leads/leadConfig'

// Issue 42, point 2: the routing document's "Who takes each lead" wins over the variables; a field left empty
// falls back to the documented default (claim window 5 minutes) or to the variable (escalation time).
const config = leadConfigFromEnv({
  LEAD_NOTIFY_EMAIL: 'team@example.com,owner@example.com',
  LEAD_CLAIM_WINDOW: '20s',
  LEAD_ESCALATION_EMAIL: 'manager@example.com',
  LEAD_ESCALATE_AFTER: '90m',
})
const routing = (fields: Record<string, unknown>) =>
  leadRoutingSchema.parse({ _id: 'leadRouting', _rev: 'r1', ...fields })

describe('the follow-through plan', () => {
  it('without a routing document, the variables: the notify list is the rotation when a claim window is set', () => {
    expect(followThroughPlan(config, undefined)).toEqual({
      people: ['team@example.com', 'owner@example.com'],
      claimWindowMs: 20_000,
      escalationEmails: ['manager@example.com'],
      escalateAfterMs: 90 * 60_000,
      hours: null,
    })
    expect(followThroughPlan(leadConfigFromEnv({ LEAD_NOTIFY_EMAIL: 'team@example.com' }), undefined).people).toEqual(
      [],
    )
  })

  it('from the document: people marked away or listed twice are offered nothing, minutes become milliseconds', () => {
    const plan = followThroughPlan(
      config,
      routing({
        rotation: [
          { email: 'ana@example.com' },
          { email: 'ben@example.com', away: true },
          { email: 'cy@example.com' },
          { email: 'ana@example.com' },
        ],
        claimWindowMinutes: 10,
        escalationEmails: ['head@example.com'],
        escalateAfterMinutes: 30,
      }),
    )
    expect(plan).toEqual({
      people: ['ana@example.com', 'cy@example.com'],
      claimWindowMs: 10 * 60_000,
      escalationEmails: ['head@example.com'],
      escalateAfterMs: 30 * 60_000,
      hours: null,
    })
  })

  it('a field left empty in the document: 5 minutes to claim, and the variables for the escalation', () => {
    const plan = followThroughPlan(config, routing({ rotation: [{ email: 'ana@example.com' }] }))
    expect(plan.claimWindowMs).toBe(5 * 60_000)
    expect(plan.escalationEmails).toEqual(['manager@example.com'])
    expect(plan.escalateAfterMs).toBe(90 * 60_000)
  })
})
