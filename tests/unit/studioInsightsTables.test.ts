import type { InsightsReport } from '@site/leads/insights'
import { describe, expect, it } from 'vitest'
import { change, figureTables, headlines, tableCsv } from '../../apps/studio/insights/insightsTables'

const totals = { visitors: 40, pageViews: 120, visits: 50, leads: 5, conversionRate: 0.1, delivered: 4 }
const report: InsightsReport = {
  range: { from: '2026-11-01', to: '2026-11-30' },
  previous: { from: '2026-10-02', to: '2026-10-31' },
  totals,
  previousTotals: { visitors: 20, pageViews: 160, visits: 25, leads: 0, conversionRate: 0, delivered: 0 },
  landingPages: [{ page: '/qualify', visits: 50, leads: 5, conversionRate: 0.1, delivered: 4 }],
  campaigns: [
    {
      source: 'google',
      medium: 'cpc',
      campaign: '=HYPERLINK("x")',
      visits: 30,
      leads: 3,
      conversionRate: 0.1,
      delivered: 3,
    },
    {
      source: 'news, letter',
      medium: 'email',
      campaign: '(none)',
      visits: 20,
      leads: 2,
      conversionRate: 0.1,
      delivered: 1,
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
      ['Visits', '50', '+100.0 %'],
      ['Page views', '120', '−25.0 %'],
      ['Leads', '5', 'new'],
      ['Conversion rate', '10.0 %', 'new'],
      ['Leads in the CRM', '4', 'new'],
    ])
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
      'Source,Medium,Campaign,Visits,Leads,Conversion,In the CRM\r\n' +
        `google,cpc,"'=HYPERLINK(""x"")",30,3,10.0 %,3\r\n` +
        '"news, letter",email,(none),20,2,10.0 %,1\r\n',
    )
    expect(csv('forms')).toBe(
      'Form,Seen,Started,Submitted,Stored,Leads,In the CRM,Validation messages\r\nqualify,50,30,6,5,5,4,email: 2\r\n',
    )
    expect(csv('questionnaire')).toBe(
      'Question,Reached,Answered,Left here,Answered of reached\r\nfirstName,30,20,10,66.7 %\r\n',
    )
    expect(csv('questionnaire-imo-fmo')).toBe('Question,Reached,Answered,Left here,Answered of reached\r\n')
    expect(csv('vitals')).toBe('Page,Device,Metric,p75,Samples,Google’s “good”\r\n/,mobile,LCP,2300,12,good\r\n')
  })
})
