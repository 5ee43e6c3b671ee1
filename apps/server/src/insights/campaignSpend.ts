import type { CampaignCost, OutcomeCounts } from '@site/leads/insights'
import type { CampaignSpend } from '@site/leads/spend'
import type { ContentQuery } from '../contentQuery.ts'
import type { DayRange } from './figures.ts'

/** A campaign's spend that falls in a period: the months' amounts apportioned to the period's days. */
export interface PeriodSpend {
  campaign: string
  source?: string
  medium?: string
  amount: number
}

/** The spend documents of the months a period touches (published only). */
export type SpendBetween = (range: DayRange) => Promise<CampaignSpend[]>

const SPEND_QUERY = `*[_type == "campaignSpend" && !(_id in path("drafts.**")) && month >= $fromMonth && month <= $toMonth]{
  campaign, source, medium, month, amount
}`

/** The spend in the content (contentQuery.ts): the Studio's `campaignSpend` documents. */
export function contentSpend(query: ContentQuery): SpendBetween {
  return (range) =>
    query<CampaignSpend[]>(SPEND_QUERY, { fromMonth: range.from.slice(0, 7), toMonth: range.to.slice(0, 7) })
}

const DAY_MS = 86_400_000
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS

/**
 * Each month's amount times the share of the month's days inside the period: a period of 1 to 15 November
 * carries 15/30 of November's spend, a whole month all of it.
 */
export function apportionSpend(spend: CampaignSpend[], range: DayRange): PeriodSpend[] {
  const from = dayNumber(range.from)
  const to = dayNumber(range.to)
  return spend.flatMap((entry) => {
    const [year = 0, month = 1] = entry.month.split('-').map(Number)
    const first = Date.UTC(year, month - 1, 1) / DAY_MS
    const last = Date.UTC(year, month, 0) / DAY_MS
    const days = Math.min(to, last) - Math.max(from, first) + 1
    if (days <= 0) return []
    const { campaign, source, medium } = entry
    return [
      {
        campaign,
        source: source || undefined,
        medium: medium || undefined,
        amount: (entry.amount * days) / (last - first + 1),
      },
    ]
  })
}

type CampaignKey = { source: string; medium: string; campaign: string }

/** How a spend entry shows where no lead of the period matches it: its own row, "(all)" for a blank part. */
const ALL = '(all)'

const cents = (value: number) => Math.round(value * 100) / 100

/**
 * The campaign rows with their spend and costs. A spend entry belongs to the rows of its campaign whose
 * source and medium it names (a blank one matches any); spread over several rows in proportion to their
 * leads. Spend no lead row matches gets a row of its own with no leads, so money spent for nothing shows.
 */
export function withSpend(
  rows: Array<CampaignKey & OutcomeCounts>,
  spend: PeriodSpend[],
): Array<CampaignKey & OutcomeCounts & CampaignCost> {
  const amounts = new Map<CampaignKey & OutcomeCounts, number>()
  const own: Array<CampaignKey & OutcomeCounts> = []
  for (const entry of spend) {
    const matched = rows.filter(
      (row) =>
        row.campaign === entry.campaign &&
        (entry.source === undefined || row.source === entry.source) &&
        (entry.medium === undefined || row.medium === entry.medium),
    )
    const leads = matched.reduce((total, row) => total + row.leads, 0)
    if (matched.length === 0 || leads === 0) {
      const key = { source: entry.source ?? ALL, medium: entry.medium ?? ALL, campaign: entry.campaign }
      let row = own.find((r) => r.source === key.source && r.medium === key.medium && r.campaign === key.campaign)
      if (!row) {
        row = { ...key, leads: 0, taken: 0, contacted: 0, qualified: 0, won: 0, wonValue: 0 }
        own.push(row)
      }
      amounts.set(row, (amounts.get(row) ?? 0) + entry.amount)
      continue
    }
    for (const row of matched) amounts.set(row, (amounts.get(row) ?? 0) + (entry.amount * row.leads) / leads)
  }
  return [...rows, ...own].map((row) => {
    const amount = amounts.get(row)
    if (amount === undefined) return { ...row, spend: null, costPerLead: null, costPerQualifiedLead: null }
    return {
      ...row,
      spend: cents(amount),
      costPerLead: row.leads > 0 ? cents(amount / row.leads) : null,
      costPerQualifiedLead: row.qualified > 0 ? cents(amount / row.qualified) : null,
    }
  })
}
