import { describe, expect, it } from 'vitest'
import { apportionSpend } from '../../apps/server/src/insights/campaignSpend'
import { followThroughFigures } from '../../apps/server/src/insights/followThroughFigures'
import type { LeadOutcome } from '../../apps/server/src/insights/leadOutcomes'
import { reportText } from '../../apps/server/src/insights/reportText'

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
        spend: null,
        costPerLead: null,
        costPerQualifiedLead: null,
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
        spend: null,
        costPerLead: null,
        costPerQualifiedLead: null,
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

  it('apportions each month of spend to the period by its days, and divides it by leads and qualified leads', () => {
    const spend = apportionSpend(
      [
        { campaign: 'imo-q4', source: 'facebook', medium: 'paid', month: '2026-11', amount: 3000 },
        { campaign: 'imo-q4', source: 'facebook', medium: 'paid', month: '2026-10', amount: 3100 },
        { campaign: 'imo-q4', source: 'facebook', medium: 'paid', month: '2026-09', amount: 9999 },
        { campaign: 'webinar', month: '2026-11', amount: 1000 },
        { campaign: 'brand', source: 'google', month: '2026-11', amount: 600 },
      ],
      { from: '2026-10-30', to: '2026-11-15' },
    )
    // October: 2 of 31 days of $3,100; November: 15 of 30 days; September lies outside the period.
    expect(spend).toEqual([
      { campaign: 'imo-q4', source: 'facebook', medium: 'paid', amount: 1500 },
      { campaign: 'imo-q4', source: 'facebook', medium: 'paid', amount: 200 },
      { campaign: 'webinar', source: undefined, medium: undefined, amount: 500 },
      { campaign: 'brand', source: 'google', medium: undefined, amount: 300 },
    ])
    const webinar = (source: string, medium: string, reached: string[]) => ({
      ...lead({ reached }, 'webinar'),
      source,
      medium,
    })
    const figures = followThroughFigures(
      [
        lead({ reached: ['new', 'contacted', 'qualified', 'won'], wonValue: 5000 }),
        lead({ reached: ['new', 'contacted', 'qualified', 'lost'] }),
        lead({ reached: ['new', 'contacted'] }),
        lead({}, 'retarget'),
        webinar('linkedin', 'paid', ['new', 'qualified']),
        webinar('linkedin', 'paid', ['new']),
        webinar('newsletter', 'email', ['new']),
        webinar('newsletter', 'email', ['new']),
      ],
      spend,
    )
    const costs = figures.byCampaign.map((row) => [
      row.source,
      row.medium,
      row.campaign,
      row.leads,
      row.qualified,
      row.spend,
      row.costPerLead,
      row.costPerQualifiedLead,
    ])
    expect(costs).toEqual([
      ['facebook', 'paid', 'imo-q4', 3, 2, 1700, 566.67, 850],
      ['linkedin', 'paid', 'webinar', 2, 1, 250, 125, 250],
      ['newsletter', 'email', 'webinar', 2, 0, 250, 125, null],
      ['facebook', 'paid', 'retarget', 1, 0, null, null, null],
      // Spend no lead of the period matched: its own row, so money spent for no lead shows.
      ['google', '(all)', 'brand', 0, 0, 300, null, null],
    ])
    const text = reportText({
      range: { from: '2026-10-30', to: '2026-11-15' },
      previous: { from: '2026-10-13', to: '2026-10-29' },
      totals: {
        visitors: 0,
        pageViews: 0,
        visits: 0,
        leads: 0,
        conversionRate: 0,
        delivered: 0,
        uncountedLeads: { bot: 0, gpc: 0 },
      },
      previousTotals: {
        visitors: 0,
        pageViews: 0,
        visits: 0,
        leads: 0,
        conversionRate: 0,
        delivered: 0,
        uncountedLeads: { bot: 0, gpc: 0 },
      },
      landingPages: [],
      campaigns: [],
      forms: [],
      questionnaire: { all: [], branches: {} },
      vitals: [],
      followThrough: figures,
    })
    expect(text).toContain('Cost by source / medium / campaign (Campaign spend, apportioned to the period by days)')
    expect(text).toContain('facebook    paid    imo-q4    3      2          1    $1,700.00  $566.67   $850.00')
    expect(text).toContain('google      (all)   brand     0      0          0    $300.00    —         —')
  })
})
