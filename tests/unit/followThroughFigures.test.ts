import { describe, expect, it } from 'vitest'
import { followThroughFigures } from '../../apps/server/src/insights/followThroughFigures'
import type { LeadOutcome } from '../../apps/server/src/insights/leadOutcomes'

const monday = new Date('2026-11-23T09:00:00.000Z')
const minutes = (n: number) => new Date(monday.getTime() + n * 60_000)

function lead(progress: Partial<NonNullable<LeadOutcome['followThrough']>>, campaign = 'imo-q4'): LeadOutcome {
  return {
    form: 'qualify',
    landingPage: '/ads',
    delivered: true,
    source: 'facebook',
    medium: 'paid',
    campaign,
    followThrough: {
      receivedAt: monday,
      owner: null,
      takenAt: null,
      firstStatusAt: null,
      reached: ['new'],
      wonValue: null,
      variants: [],
      ...progress,
    },
  }
}

describe('follow-through figures', () => {
  it('counts each group through to revenue: a lead lost after qualifying still counts as contacted and qualified', () => {
    const figures = followThroughFigures([
      lead({
        owner: 'ana@x.test',
        takenAt: minutes(2),
        reached: ['new', 'contacted', 'qualified', 'won'],
        wonValue: 5000,
      }),
      lead({ owner: 'ana@x.test', takenAt: minutes(10), reached: ['new', 'contacted', 'qualified', 'lost'] }),
      lead({ owner: 'ben@x.test', takenAt: minutes(30), reached: ['new', 'contacted'] }),
      lead({}, 'retarget'),
    ])
    expect(figures.byCampaign).toEqual([
      {
        source: 'facebook',
        medium: 'paid',
        campaign: 'imo-q4',
        leads: 3,
        taken: 3,
        contacted: 3,
        qualified: 2,
        won: 1,
        wonValue: 5000,
      },
      {
        source: 'facebook',
        medium: 'paid',
        campaign: 'retarget',
        leads: 1,
        taken: 0,
        contacted: 0,
        qualified: 0,
        won: 0,
        wonValue: 0,
      },
    ])
    expect(figures.byVariant).toEqual([])
  })

  it('the median and 90th percentile minutes to take and to first status, per person and ISO week; variants when named', () => {
    const figures = followThroughFigures(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) =>
        lead({
          owner: 'ana@x.test',
          takenAt: minutes(n),
          firstStatusAt: minutes(n * 6),
          reached: ['new', 'contacted'],
          variants: [{ experiment: 'hero', variant: n % 2 ? 'a' : 'b' }],
        }),
      ),
    )
    expect(figures.speed).toEqual([
      {
        person: 'ana@x.test',
        week: '2026-11-23',
        leads: 10,
        takeMedianMinutes: 5,
        takeP90Minutes: 9,
        contactMedianMinutes: 30,
        contactP90Minutes: 54,
      },
    ])
    expect(figures.byVariant.map((row) => [row.experiment, row.variant, row.leads, row.contacted])).toEqual([
      ['hero', 'a', 5, 5],
      ['hero', 'b', 5, 5],
    ])
  })
})
