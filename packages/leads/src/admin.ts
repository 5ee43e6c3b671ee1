import type { LeadFormName } from './forms'

/**
 * The lead server's admin API as its clients see it (`pnpm leads` and the Studio's Leads tool): the states a
 * lead is listed under, and the JSON it answers with (times as ISO strings).
 */

/** Where a delivery stands. `misconfigured`: the receiver answered 404 or 410; `dead`: the retry window passed. */
export const DELIVERY_STATES = ['pending', 'delivered', 'misconfigured', 'dead'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

/**
 * A lead's state in lists and filters: its delivery's, or `retrying` (a pending delivery that has had an
 * attempt), `quarantined` (held back) or `undelivered` (no webhook was configured).
 */
export const LEAD_LIST_STATES = [
  'pending',
  'retrying',
  'delivered',
  'misconfigured',
  'dead',
  'quarantined',
  'undelivered',
] as const
export type LeadListState = (typeof LEAD_LIST_STATES)[number]

/** The form names, as the Leads tool titles them. */
export const LEAD_FORM_TITLES: Record<LeadFormName, string> = {
  contact: 'Contact',
  guide: 'Guide',
  qualify: 'Questionnaire',
  giveaway: 'Giveaway',
}

/** A row of `GET /api/admin/leads`. */
export interface LeadSummaryJson {
  id: string
  form: LeadFormName
  receivedAt: string
  state: LeadListState
  quarantineReason: string | null
  name: string
  email: string
  company: string
  phone: string
  deliveryId: string | null
  attempts: number
  lastStatus: number | null
  nextAttemptAt: string | null
  deliveredAt: string | null
}

/** `GET /api/admin/leads/:id`: a lead, its consents, its delivery and every attempt. */
export interface LeadDetailJson {
  lead: {
    id: string
    form: LeadFormName
    received_at: string
    payload: Record<string, unknown>
    attribution: Record<string, unknown> | null
    quarantine_reason: string | null
  }
  consents: Array<{
    id: string
    kind: 'opt-in' | 'disclosure'
    text: string
    field: string
    document_id: string
    document_rev: string
    checked: boolean | null
    recorded_at: string
    page_url: string | null
    ip_address: string | null
    user_agent: string | null
  }>
  delivery?: {
    state: DeliveryState
    attempts: number
    next_attempt_at: string
    delivered_at: string | null
    last_status: number | null
    last_error: string | null
  }
  attempts: Array<{
    attempt: number
    startedAt: string
    finishedAt: string | null
    status: number | null
    error: string | null
    nextAttemptAt: string | null
  }>
}
