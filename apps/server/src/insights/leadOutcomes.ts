import { UNCOUNTED_VISIT_REASONS, type UncountedVisitReason } from '@site/leads/insights'
import type { LeadDb } from '../leads/db/database.ts'
import { webhookOfTheLead } from '../leads/store/queries.ts'
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
}

interface TouchLike {
  landingPage?: unknown
  referrer?: unknown
  utm_source?: unknown
  utm_medium?: unknown
  utm_campaign?: unknown
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

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
    landingPage: landing ? pagePath(landing) : '(unknown)',
    delivered: deliveryState === 'delivered',
    ...(uncounted ? { uncounted } : {}),
    ...visitSource({
      utm_source: text(last.utm_source),
      utm_medium: text(last.utm_medium),
      utm_campaign: text(last.utm_campaign),
      referrerHost: hostOf(text(last.referrer)),
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
    .select(['leads.form', 'leads.attribution', 'leads.uncounted_visit', 'deliveries.state'])
    .where('leads.received_at', '>=', from)
    .where('leads.received_at', '<', to)
    .where('leads.quarantine_reason', 'is', null)
    .execute()
  return rows.map((row) => leadOutcome(row.form, row.attribution, row.state, row.uncounted_visit))
}
