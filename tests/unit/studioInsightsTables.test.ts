import type { InsightsReport } from '@site/leads/insights'
import { describe, expect, it } from 'vitest'
import { change, figureTables, headlines, tableCsv, uncountedNote } from '../../apps/studio/insights/insightsTables'

const totals = {
  visitors: 40,
  pageViews: 120,
  visits: 50,
  leads: 5,
  conversionRate: 0.1,
  delivered: 4,
  uncountedLeads: { bot: 2, gpc: 1 },
}
const report: InsightsReport = {
  range: { from: '2026-11-01', to: '2026-11-30' },
  previous: { from: '2026-10-02', to: '2026-10-31' },
  totals,
  previousTotals: {
    visitors: 20,
    pageViews: 160,
    visits: 0,
    leads: 0,
    conversionRate: 0,
    delivered: 0,
    uncountedLeads: { bot: 0, gpc: 0 },
  },
  landingPages: [
    { page: '/qualify', visits: 50, leads: 5, conversionRate: 0.1, delivered: 4, uncounted: 2 },
    { page: '/webinar', visits: 0, leads: 0, conversionRate: 0, delivered: 0, uncounted: 1 },
  ],
  campaigns: [
    {
      source: 'google',
      medium: 'cpc',
      campaign: '=HYPERLINK("x")',
      visits: 30,
      leads: 3,
      conversionRate: 0.1,
      delivered: 3,
      uncounted: 0,
    },
    {
      source: 'news, letter',
      medium: 'email',
      campaign: '(none)',
      visits: 20,
      leads: 2,
      conversionRate: 0.1,
      delivered: 1,
      uncounted: 0,
    },
  ],
  forms: [
    { form: 'qualify', seen: 50, started: 30, submitted: 6, stored: 5, invalid: { email: 2 }, leads: 5, delivered: 4 },
  ],
  questionnaire: {
    all: [{ question: 'firstName', reached: 30, answered: 20, left: 10 }],
    branches: { RIA: [{ question: 'role', reached: 3, answered: 3, left: 0 }] },
  },
  vitals: [{ page: '/', device: 'mobile', metric: 'LCP', samples: 12, p75: 2300, good: true }],
}

describe('the Insights tool’s figures', () => {
  it('reads a change against the previous period as a marketer does', () => {
    expect(change(40, 20)).toBe('+100.0 %')
    expect(change(120, 160)).toBe('−25.0 %')
    expect(change(5, 0)).toBe('new')
    expect(change(0, 0)).toBe('—')
    expect(headlines(report).map((headline) => [headline.title, headline.value, headline.change])).toEqual([
      ['Visitors', '40', '+100.0 %'],
      ['Visits', '50', 'new'],
      ['Page views', '120', '−25.0 %'],
      ['Leads', '5', 'new'],
      ['Conversion rate', '10.0 %', 'new'],
      ['Leads in the CRM', '4', 'new'],
    ])
    // The previous period had no visits: no rate to show.
    expect(headlines(report).find((headline) => headline.key === 'conversionRate')?.previous).toBe('—')
  })

  it('exports each table as RFC 4180 CSV, a cell a spreadsheet would run as a formula defused', () => {
    const tables = figureTables(report)
    expect(tables.map((table) => table.id)).toEqual([
      'landing-pages',
      'campaigns',
      'forms',
      'questionnaire',
      'questionnaire-ria',
      'questionnaire-independent-advisor',
      'questionnaire-insurance-agent',
      'questionnaire-imo-fmo',
      'vitals',
    ])
    const csv = (id: string) => tableCsv(tables.find((table) => table.id === id) ?? tables[0]!)
    expect(csv('campaigns')).toBe(
      'Source,Medium,Campaign,Visits,Leads,Conversion,In the CRM,Leads from uncounted visits\r\n' +
        `google,cpc,"'=HYPERLINK(""x"")",30,3,10.0 %,3,0\r\n` +
        '"news, letter",email,(none),20,2,10.0 %,1,0\r\n',
    )
    // A page without counted visits has no rate: "—", its leads from uncounted visits beside it.
    expect(csv('landing-pages')).toBe(
      'Landing page,Visits,Leads,Conversion,In the CRM,Leads from uncounted visits\r\n' +
        '/qualify,50,5,10.0 %,4,2\r\n/webinar,0,0,—,0,1\r\n',
    )
    // Forms and questions by the labels a lead carries (@site/leads), not their ids.
    expect(csv('forms')).toBe(
      'Form,Seen,Started,Submitted,Stored,Leads,In the CRM,Validation messages\r\nQuestionnaire,50,30,6,5,5,4,email: 2\r\n',
    )
    expect(csv('questionnaire')).toBe(
      'Question,Reached,Answered,Left here,Answered of reached\r\nFirst name,30,20,10,66.7 %\r\n',
    )
    expect(csv('questionnaire-ria')).toBe(
      'Question,Reached,Answered,Left here,Answered of reached\r\nRole,3,3,0,100.0 %\r\n',
    )
    expect(uncountedNote(report)).toBe(
      'Leads from visits that are not counted (2 from a bot or headless browser, 1 with Global Privacy Control) are left out of Leads and the conversion rates: they are in the Leads tool.',
    )
    expect(csv('questionnaire-imo-fmo')).toBe('Question,Reached,Answered,Left here,Answered of reached\r\n')
    expect(csv('vitals')).toBe('Page,Device,Metric,p75,Samples,Google’s “good”\r\n/,mobile,LCP,2300,12,good\r\n')
  })

  it('shows each campaign’s spend, cost per lead and cost per qualified lead beside its leads', () => {
    const counts = { taken: 3, contacted: 3, won: 1, wonValue: 5000 }
    const tables = figureTables({
      ...report,
      followThrough: {
        byLandingPage: [],
        byCampaign: [
          {
            source: 'facebook',
            medium: 'paid',
            campaign: 'imo-q4',
            leads: 3,
            qualified: 2,
            ...counts,
            spend: 1700,
            costPerLead: 566.67,
            costPerQualifiedLead: 850,
          },
          {
            source: 'google',
            medium: '(all)',
            campaign: 'brand',
            leads: 0,
            qualified: 0,
            taken: 0,
            contacted: 0,
            won: 0,
            wonValue: 0,
            spend: 300,
            costPerLead: null,
            costPerQualifiedLead: null,
          },
        ],
        byForm: [],
        byVariant: [],
        speed: [],
      },
    })
    expect(tables.map((table) => table.id).slice(0, 3)).toEqual(['landing-pages', 'campaigns', 'campaign-costs'])
    expect(tableCsv(tables[2]!)).toBe(
      'Source,Medium,Campaign,Leads,Qualified,Won,Won value,Spend,Cost per lead,Cost per qualified lead\r\n' +
        'facebook,paid,imo-q4,3,2,1,"$5,000.00","$1,700.00",$566.67,$850.00\r\n' +
        'google,(all),brand,0,0,0,$0.00,$300.00,—,—\r\n',
    )
  })
})
