import type { SeenVariant } from '@site/leads/experiments'
import { UNCOUNTED_VISIT_REASONS, type UncountedVisitReason } from '@site/leads/insights'
import { seenVariantSchema } from '@site/leads/seenVariant'
import type { LeadDb } from '../leads/db/database.ts'
import { webhookOfTheLead } from '../leads/store/queries.ts'
import { campaignShape } from './campaignValues.ts'
import { hostOf, pagePath, type VisitSource, visitSource } from './sources.ts'

/**
 * A lead as the figures count it: its form, landing page, campaign, whether it reached the CRM, and why its
 * visit was not counted (then it is shown apart from the conversion rates).
 */
export interface LeadOutcome extends VisitSource {
  form: string
  landingPage: string
  delivered: boolean
  uncounted?: UncountedVisitReason
  /** What became of it (followThroughFigures.ts); absent where the caller did not read it. */
  followThrough?: LeadProgress
}

/** A lead's progress: its owner, how long it waited, how far its status went, its experiment variants. */
export interface LeadProgress {
  receivedAt: Date
  owner: string | null
  takenAt: Date | null
  /** The first status change after "new": when the lead was first worked. */
  firstStatusAt: Date | null
  /** Every status it has had (its history's), so a lead later lost still counts as contacted. */
  reached: string[]
  wonValue: number | null
  variants: SeenVariant[]
}

interface TouchLike {
  landingPage?: unknown
  referrer?: unknown
  utm_source?: unknown
  utm_medium?: unknown
  utm_campaign?: unknown
}

/** The landing page of a lead sent without attribution. */
export const UNKNOWN_PAGE = '(unknown)'

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
/** A campaign value of a lead's attribution as the figures show it: by the rule the page views' values follow. */
const campaignValue = (value: unknown) => {
  const given = text(value)
  return given ? campaignShape(given) : undefined
}

/**
 * A lead's outcome from its attribution (packages/leads/src/context.ts): the landing page is the visit's
 * first touch, the campaign its last touch (the latest arrival with a campaign or from another site, which
 * is the first touch when there was no other); a lead sent without attribution counts as direct.
 */
export function leadOutcome(
  form: string,
  attribution: unknown,
  deliveryState: string | null,
  uncountedVisit: string | null = null,
): LeadOutcome {
  const parsed = typeof attribution === 'string' ? safeJson(attribution) : attribution
  const record = (parsed ?? {}) as { firstTouch?: TouchLike; lastTouch?: TouchLike }
  const first = record.firstTouch ?? {}
  const last = record.lastTouch ?? first
  const landing = text(first.landingPage)
  const uncounted = UNCOUNTED_VISIT_REASONS.find((reason) => reason === uncountedVisit)
  return {
    form,
    landingPage: landing ? pagePath(landing) : UNKNOWN_PAGE,
    delivered: deliveryState === 'delivered',
    ...(uncounted ? { uncounted } : {}),
    ...visitSource({
      utm_source: campaignValue(last.utm_source),
      utm_medium: campaignValue(last.utm_medium),
      utm_campaign: campaignValue(last.utm_campaign),
      referrerHost: campaignValue(hostOf(text(last.referrer)).replace(/^www\./, '')),
    }),
  }
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

/**
 * The leads received in [from, to) that were not quarantined, with their delivery state: read from the
 * lead store through its own tables (the one place insights reads them).
 */
export async function leadOutcomes(db: LeadDb, from: Date, to: Date): Promise<LeadOutcome[]> {
  const rows = await db
    .selectFrom('leads')
    .leftJoin('deliveries', (join) => join.onRef('deliveries.lead_id', '=', 'leads.id').on(webhookOfTheLead))
    .select([
      'leads.id',
      'leads.form',
      'leads.attribution',
      'leads.uncounted_visit',
      'deliveries.state',
      'leads.received_at',
      'leads.owner',
      'leads.taken_at',
      'leads.status',
      'leads.won_value',
    ])
    .where('leads.received_at', '>=', from)
    .where('leads.received_at', '<', to)
    .where('leads.quarantine_reason', 'is', null)
    .execute()
  const history = new Map<string, Array<{ status: string; at: Date }>>()
  for (let start = 0; start < rows.length; start += 500) {
    const ids = rows.slice(start, start + 500).map((row) => row.id)
    const events = await db
      .selectFrom('lead_events')
      .select(['lead_id', 'status', 'recorded_at'])
      .where('kind', '=', 'status')
      .where('lead_id', 'in', ids)
      .orderBy('recorded_at')
      .execute()
    for (const event of events) {
      if (!event.status) continue
      const list = history.get(event.lead_id) ?? []
      list.push({ status: event.status, at: event.recorded_at })
      history.set(event.lead_id, list)
    }
  }
  return rows.map((row) => {
    const statuses = history.get(row.id) ?? []
    return {
      ...leadOutcome(row.form, row.attribution, row.state, row.uncounted_visit),
      followThrough: {
        receivedAt: row.received_at,
        owner: row.owner,
        takenAt: row.taken_at,
        firstStatusAt: statuses.find((entry) => entry.status !== 'new')?.at ?? null,
        reached: [...new Set([...statuses.map((entry) => entry.status), row.status])],
        wonValue: row.status === 'won' ? row.won_value : null,
        variants: variantsOf(row.attribution),
      },
    }
  })
}

/** The experiment variants a lead's attribution names (its visit's `experiments`, docs/experiments.md), if any. */
function variantsOf(attribution: unknown): SeenVariant[] {
  const parsed = typeof attribution === 'string' ? safeJson(attribution) : attribution
  const experiments = (parsed as { experiments?: unknown } | null)?.experiments
  const seen = seenVariantSchema.array().safeParse(experiments)
  return seen.success ? seen.data : []
}
