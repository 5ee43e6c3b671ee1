import type { DeliveryState } from '@site/leads/admin'
import type { LeadEventKind, LeadEventVia, LeadStatus } from '@site/leads/followThrough'
import type { LeadFormName } from '@site/leads/forms'
import type { ColumnType, Generated, Selectable } from 'kysely'

export type { DeliveryState, LeadFormName }

/** A JSON object (stored as `json`, which keeps its text: the webhook gets the keys in the form's order). */
export type JsonObject = { [key: string]: unknown }

type Timestamp = ColumnType<Date, Date, Date>

export interface LeadsTable {
  id: string
  form: LeadFormName
  /** Made by the browser when the form was shown: a repeated submission stores nothing new. */
  idempotency_key: string
  /** Exactly what the form's webhook receives (SPEC section 7). */
  payload: ColumnType<JsonObject, string, string>
  received_at: Timestamp
  /** Why the lead was held back instead of delivered (junk, failed validation); null for an accepted lead. */
  quarantine_reason: string | null
  /** Where the visit came from (LeadAttribution), as the browser sent it; null when it sent none. */
  attribution: ColumnType<JsonObject | null, string | null, string | null>
  /** Name, e-mail and company in lower case: what the Leads tool searches. */
  search_text: string | null
  /** The payload's e-mail, trimmed and in lower case: how a repeat of an earlier lead is found. */
  email: string | null
  /**
   * The earlier lead this one repeats (same form, same e-mail, same answers as `sameAnswers` compares them, within
   * LEAD_DUPLICATE_WINDOW): not delivered.
   */
  repeat_of: string | null
  /**
   * The first lead (any form, not held) from the same e-mail, when there was one: this lead is another message from
   * that person, delivered as any lead and marked so, with a link to the first.
   */
  first_lead: ColumnType<string | null, string | null | undefined, string | null>
  /** When the team released a held lead (quarantined or a repeat): it was then delivered as any lead. */
  released_at: Timestamp | null
  /** When the team judged a delivered lead to be spam (the Leads tool's "Spam"). */
  marked_spam_at: Timestamp | null
  /** The `_rev` of the routing document (Studio) this lead was routed by; null when there was none. */
  routing_rev: ColumnType<string | null, string | null | undefined, string | null>
  /** Who was to hear of it (LeadNotice): the rule, whether at once, the digest recipients. */
  notify: ColumnType<JsonObject | null, string | null | undefined, string | null>
  /** Why the figures do not count the visit it came from (`bot`, `gpc`: @site/leads/insights); null: counted. */
  uncounted_visit: ColumnType<string | null, string | null | undefined, string | null>
  /** Who took the lead (followThrough/): the first taker; null while nobody has, or after it was handed back. */
  owner: ColumnType<string | null, string | null | undefined, string | null>
  taken_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>
  status_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** A won lead's value; a lost lead's reason. */
  won_value: ColumnType<number | null, number | null | undefined, number | null>
  lost_reason: ColumnType<string | null, string | null | undefined, string | null>
  /** The rotation (LEAD_CLAIM_WINDOW): who it is offered to now, until when, and how many offers it has had. */
  offer_to: ColumnType<string | null, string | null | undefined, string | null>
  offer_until: ColumnType<Date | null, Date | null | undefined, Date | null>
  offer_count: ColumnType<number, number | undefined, number>
  /** When the escalation address hears of it if nobody has taken it (LEAD_ESCALATE_AFTER), and when it did. */
  escalate_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  escalated_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** Where each rotation stands: the position of the next person to offer a lead to (round robin). */
export interface LeadRotationTable {
  name: string
  position: number
}

/** A lead's history: taken, handed back, status set (who, when, through what). Append-only (a trigger refuses updates). */
export interface LeadEventsTable {
  id: string
  lead_id: string
  recorded_at: Timestamp
  kind: LeadEventKind
  actor: string
  via: LeadEventVia
  status: LeadStatus | null
  value: number | null
  reason: string | null
}

/** Each reason a lead was held for or flagged with (spam checks, honeypot, rules): counted per day. */
export interface LeadReasonsTable {
  lead_id: string
  reason: string
  /** Whether the lead was quarantined with it (a lone weak sign is kept and holds nothing back). */
  held: boolean
}

/** Each proof of work a submission used, by its challenge's signature, until the challenge expires. */
export interface UsedProofsTable {
  signature: string
  /** The submission that used it: a resend of that submission (its same key) is not a replay. */
  form: LeadFormName
  idempotency_key: string
  expires_at: Timestamp
}

/** One consent a lead gave, or one disclosure it was shown: append-only (a trigger refuses updates). */
export interface LeadConsentsTable {
  id: string
  lead_id: string
  kind: 'opt-in' | 'disclosure'
  /** The copy exactly as the visitor saw it, from the CMS document below at its revision. */
  text: string
  field: string
  document_id: string
  document_rev: string
  checked: boolean | null
  /** When, from where and with what browser, as the server saw the request. */
  recorded_at: Timestamp
  page_url: string | null
  ip_address: string | null
  user_agent: string | null
}

export interface DeliveriesTable {
  /** Sent as `webhook-id` on every attempt (an e-mail's `Message-ID` is made of it): a receiver drops a repeat by it. */
  id: string
  /** Null for a notice to the team that is not about a lead (`notice:…`, a release that failed to publish). */
  lead_id: string | null
  /** What and where: `webhook:<form>`, `email:<rule>`, `email:visitor`, `digest:<address>`, `chat:<channel>`. */
  destination: string
  state: DeliveryState
  attempts: Generated<number>
  next_attempt_at: Timestamp
  /** Set while one worker sends it; another claims it only after this passes (a worker that died). */
  lease_until: Timestamp | null
  /** The claim's token: a worker whose lease passed cannot record over the next one's attempt. */
  lease_token: string | null
  /** The process holding the lease (`host:pid`): on the embedded store, a new process frees an ended one's. */
  lease_holder: string | null
  /** When the retry window began: the first store, or the last replay. */
  window_started_at: Timestamp
  delivered_at: Timestamp | null
  last_status: number | null
  last_error: string | null
  /** A notification's message: who it is for before its first attempt, as rendered (sent or kept) after. */
  message: ColumnType<JsonObject | null, string | null | undefined, string | null>
  /** One confirmation per address, form and day; one digest per recipient and day (unique). */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>
}

export interface DeliveryAttemptsTable {
  delivery_id: string
  attempt: number
  started_at: Timestamp
  finished_at: Timestamp | null
  status: number | null
  error: string | null
  /** When the next attempt is due after this one, or null when there is none. */
  next_attempt_at: Timestamp | null
}

export interface LeadTables {
  leads: LeadsTable
  deliveries: DeliveriesTable
  delivery_attempts: DeliveryAttemptsTable
  lead_consents: LeadConsentsTable
  lead_reasons: LeadReasonsTable
  used_proofs: UsedProofsTable
  lead_events: LeadEventsTable
  lead_rotation: LeadRotationTable
}

export type Lead = Selectable<LeadsTable>
export type Delivery = Selectable<DeliveriesTable>
export type LeadConsentRecord = Selectable<LeadConsentsTable>
export type LeadEvent = Selectable<LeadEventsTable>
