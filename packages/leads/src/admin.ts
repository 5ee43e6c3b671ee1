import type { LeadEventJson, LeadStatus } from './followThrough'
import { LEAD_FORMS, type LeadFormName } from './forms'
import { z } from './zod'

/**
 * The lead server's admin API as its clients see it (`pnpm leads` and the Studio's Leads tool): the states a
 * lead is listed under, and the JSON it answers with (times as ISO strings).
 */

/**
 * Where a delivery stands. `misconfigured`: the receiver answered 404 or 410 (a mail server a permanent 5xx,
 * a chat channel the server does not know); `dead`: the retry window passed; `not-sent`: an e-mail kept,
 * rendered, because no mail server is configured (SMTP_URL).
 */
export const DELIVERY_STATES = ['pending', 'delivered', 'misconfigured', 'dead', 'not-sent'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

/**
 * A lead's state in lists and filters: its delivery's, or `retrying` (a pending delivery that has had an
 * attempt), `quarantined` (held back), `repeat` (the same answers from the same e-mail on the same form as an earlier
 * lead, within LEAD_DUPLICATE_WINDOW: not delivered) or `no-webhook` (no webhook was set for its form: whether people were told is in its delivery kinds).
 */
export const LEAD_LIST_STATES = [
  'pending',
  'retrying',
  'delivered',
  'misconfigured',
  'dead',
  'quarantined',
  'repeat',
  'no-webhook',
] as const
export type LeadListState = (typeof LEAD_LIST_STATES)[number]

/**
 * The list's states as the Leads tool's filter titles them: held, or where the webhook's delivery stands (a
 * pending one with an attempt is `retrying`). Whether people were told is each delivery kind's (DeliveryKindJson).
 */
export const LEAD_STATE_TITLES: Record<LeadListState, string> = {
  pending: 'Webhook: queued',
  retrying: 'Webhook: retrying',
  delivered: 'Webhook: delivered',
  misconfigured: 'Webhook: misconfigured',
  dead: 'Webhook: dead-lettered',
  quarantined: 'Quarantined',
  repeat: 'Repeat',
  'no-webhook': 'Webhook: none set',
}

/**
 * The ways a lead reaches people and systems, in the order a reader asks "who heard of it?": the team's
 * e-mail (at once or in a digest), a chat channel, the form's webhook (the CRM), the visitor's confirmation.
 */
export const DELIVERY_KINDS = ['email', 'chat', 'webhook', 'confirmation'] as const
export type DeliveryKind = (typeof DELIVERY_KINDS)[number]

export const DELIVERY_KIND_TITLES: Record<DeliveryKind, string> = {
  email: 'Team e-mail',
  chat: 'Chat',
  webhook: 'Webhook',
  confirmation: 'Confirmation',
}

/** A delivery's kind by its destination (`email:visitor` is the confirmation, a digest is the team's e-mail). */
export function deliveryKindOf(destination: string): DeliveryKind | undefined {
  const kind = destination.split(':')[0]
  if (destination === 'email:visitor') return 'confirmation'
  if (kind === 'email' || kind === 'digest') return 'email'
  if (kind === 'chat' || kind === 'webhook') return kind
  return undefined
}

/**
 * Where a delivery kind stands for one lead, its deliveries taken together (the least advanced one speaks for
 * them): `sent` (every delivery was accepted), `retrying` (an attempt failed, more will come), `queued` (not
 * tried yet: due, or waiting for the digest hour), `not-sent` (an e-mail kept, no mail server is configured),
 * `misconfigured`, `dead`; `none` for a webhook that was not set when the lead came.
 */
export const DELIVERY_KIND_STATES = ['sent', 'queued', 'retrying', 'not-sent', 'misconfigured', 'dead', 'none'] as const
export type DeliveryKindState = (typeof DELIVERY_KIND_STATES)[number]

export interface DeliveryKindJson {
  kind: DeliveryKind
  state: DeliveryKindState
  /** The attempts made on the deliveries of this kind, all together. */
  attempts: number
}

const KIND_STATE_WORDS: Record<DeliveryKindState, string> = {
  sent: 'sent',
  queued: 'queued',
  retrying: 'retrying',
  'not-sent': 'not sent: no mail server configured',
  misconfigured: 'misconfigured',
  dead: 'dead-lettered',
  none: 'none set',
}

/** "Team e-mail: sent", "Webhook: none set", "Chat: retrying (3 attempts)". */
export function deliveryKindText({ kind, state, attempts }: DeliveryKindJson): string {
  const word = kind === 'webhook' && state === 'sent' ? 'delivered' : KIND_STATE_WORDS[state]
  const tries =
    state === 'retrying' || state === 'dead' ? ` (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'})` : ''
  return `${DELIVERY_KIND_TITLES[kind]}: ${word}${tries}`
}

/** The state of each kind of delivery a lead had, in DELIVERY_KINDS order. */
export function leadDeliveryKinds(
  deliveries: Array<{ destination: string; state: DeliveryState; attempts: number }>,
  options: { held: boolean },
): DeliveryKindJson[] {
  const kinds: DeliveryKindJson[] = []
  for (const kind of DELIVERY_KINDS) {
    const own = deliveries.filter((delivery) => deliveryKindOf(delivery.destination) === kind)
    if (own.length === 0) {
      // A held lead has no delivery yet of any kind: its badge (quarantined, repeat) says why.
      if (kind === 'webhook' && !options.held) kinds.push({ kind, state: 'none', attempts: 0 })
      continue
    }
    const states = own.map((delivery): DeliveryKindState => {
      if (delivery.state === 'delivered') return 'sent'
      if (delivery.state === 'pending') return delivery.attempts > 0 ? 'retrying' : 'queued'
      return delivery.state
    })
    const state = KIND_STATE_ORDER.find((candidate) => states.includes(candidate)) ?? 'sent'
    kinds.push({ kind, state, attempts: own.reduce((sum, delivery) => sum + delivery.attempts, 0) })
  }
  return kinds
}

/** The least advanced first: the state a kind shows when its deliveries differ. */
const KIND_STATE_ORDER: DeliveryKindState[] = ['dead', 'misconfigured', 'not-sent', 'retrying', 'queued', 'sent']

/**
 * How every notification, the Leads tool and `pnpm leads show` mark a lead from an e-mail that sent an earlier one
 * (`first_lead`), beside the link to that first lead.
 */
export const ANOTHER_MESSAGE_TITLE = 'Another message from this person'
export const FIRST_MESSAGE_LINK_TEXT = 'Open their first message'

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
  /** Why it is held, in words (the titles of its reasons joined by "; "); null when it is not held. */
  quarantineReason: string | null
  /** Every named reason it was held for or flagged with (@site/leads/spam SPAM_REASONS, INTAKE_REASONS). */
  reasons: string[]
  /** The earlier lead it repeats (state `repeat`), else null. */
  repeatOf: string | null
  /** The first lead from the same e-mail, when this is another message from a person who wrote before, else null. */
  firstLead: string | null
  /** When the team marked it as spam (`POST /api/admin/leads/:id/spam`), else null. */
  markedSpamAt: string | null
  name: string
  email: string
  company: string
  phone: string
  deliveryId: string | null
  attempts: number
  lastStatus: number | null
  nextAttemptAt: string | null
  deliveredAt: string | null
  /** Who heard of it, by delivery kind (team e-mail, chat, webhook, confirmation): the words a reader needs. */
  deliveryKinds: DeliveryKindJson[]
}

/** One attempt at a delivery: when it started and ended, the receiver's status or the error, the next try. */
export interface DeliveryAttemptJson {
  attempt: number
  startedAt: string
  finishedAt: string | null
  status: number | null
  error: string | null
  nextAttemptAt: string | null
}

/**
 * One delivery of a lead, by `destination`: the form's webhook (the destination is the form's name, as
 * `leadWebhookDelivery` finds it) or a notification (e-mail, chat, the visitor's confirmation), each with
 * every attempt, oldest first.
 */
export interface LeadDeliveryJson {
  id: string
  destination: string
  state: DeliveryState
  attempts: number
  next_attempt_at: string
  delivered_at: string | null
  last_status: number | null
  last_error: string | null
  /** A notification's message: as rendered once it was tried (sent or kept: `not-sent`), else who it is for. */
  message: DeliveryMessageJson | null
  attempts_log: DeliveryAttemptJson[]
}

/** `GET /api/admin/leads/:id`: a lead, its consents and every delivery with its attempts. */
export interface LeadDetailJson {
  lead: {
    id: string
    form: LeadFormName
    received_at: string
    payload: Record<string, unknown>
    attribution: Record<string, unknown> | null
    quarantine_reason: string | null
    repeat_of: string | null
    /** The first lead from the same e-mail (any form): this one is another message from that person. */
    first_lead?: string | null
    released_at: string | null
    marked_spam_at: string | null
    /** The routing document's `_rev` the lead was routed by (null: none, LEAD_NOTIFY_EMAIL). */
    routing_rev?: string | null
    /** Who was to hear of it: the rule, at once or in a digest, whether the visitor was sent a confirmation. */
    notify?: LeadNoticeJson | null
    /** Who took it (@site/leads/followThrough), and its status through to revenue. */
    owner?: string | null
    taken_at?: string | null
    status?: LeadStatus
    status_changed_at?: string | null
    won_value?: number | null
    lost_reason?: string | null
  }
  /** Its append-only history: taken, handed back, status set; oldest first. */
  events?: LeadEventJson[]
  /** Its named reasons, and whether it was quarantined with them. */
  reasons: Array<{ reason: string; held: boolean }>
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
  /** Every delivery of the lead: the webhook's first, then the notifications by destination. */
  deliveries: LeadDeliveryJson[]
  /** The webhook's delivery, as before there were several. */
  delivery?: Omit<LeadDeliveryJson, 'attempts_log'>
  /** The webhook delivery's attempts (its `attempts_log`). */
  attempts: DeliveryAttemptJson[]
}

/** The webhook's destination for a form's leads. */
export const webhookDestination = (form: LeadFormName) => `webhook:${form}`

/** The lead's webhook delivery among its deliveries. */
export function leadWebhookDelivery(detail: Pick<LeadDetailJson, 'lead' | 'deliveries'>): LeadDeliveryJson | undefined {
  const webhook = webhookDestination(detail.lead.form)
  return detail.deliveries.find((delivery) => delivery.destination === webhook)
}

/** Who was to hear of a lead: the routing document's revision and rule, at once or in whose digest, confirmation. */
export interface LeadNoticeJson {
  /** The routing document's revision, or null when there was none (LEAD_NOTIFY_EMAIL). */
  rev: string | null
  rule: string | null
  hot: boolean
  digest: string[]
  digestAt: string | null
  confirmation: boolean
  /** A questionnaire lead's score by the document's points, when it has any (`scoreLead`). */
  score?: { points: number; reasons: string[] }
}

export interface DeliveryMessageJson {
  /** `notice`: to the team about something other than a lead (a release that failed to publish at its time). */
  kind: 'team' | 'confirmation' | 'digest' | 'chat' | 'notice'
  to?: string[]
  channel?: string
  /** The e-mail as rendered: what was (or would have been) sent. */
  email?: {
    messageId: string
    from: string
    to: string[]
    replyTo?: string
    subject: string
    text: string
    html: string
  }
  /** The chat message's JSON body as posted (Slack or Teams format). */
  chat?: { format: 'slack' | 'teams'; body: Record<string, unknown> }
}

/**
 * A delivery's destination as a person reads it: `webhook:<form>`, `email:<rule>` (or `email:team`, the
 * LEAD_NOTIFY_EMAIL recipients), `email:visitor` (the confirmation), `digest:<address>`, `chat:<channel>`.
 */
export function destinationTitle(destination: string): string {
  const [kind = '', ...rest] = destination.split(':')
  const name = rest.join(':')
  if (kind === 'webhook') return 'Webhook'
  if (kind === 'email') return name === 'visitor' ? 'Visitor confirmation' : `E-mail: ${name}`
  if (kind === 'digest') return `Daily digest: ${name}`
  if (kind === 'chat') return `Chat: ${name}`
  return destination
}

/** Text PostgreSQL can take as a parameter: no U+0000, no unpaired UTF-16 surrogate. */
const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text), {
      message: 'Holds U+0000 or an unpaired surrogate',
    })

/** An ISO 8601 date or date-time (`2026-11-25`, `2026-11-25T18:00:00.000Z`), between the years 1000 and 9999. */
const isoTime = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'An ISO 8601 date or date-time' })
  .transform((text) => new Date(text))
  .refine((date) => !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1000 && date.getUTCFullYear() <= 9999, {
    message: 'A date between the years 1000 and 9999',
  })

/**
 * The query of `GET /api/admin/leads` and `GET /api/admin/export.csv`, as the server checks it and the
 * Leads tool builds it: which leads (form, state, received from/to, a search in name, e-mail and company),
 * the page (`limit`, and the last lead of the previous page as `beforeAt` and `beforeId`, together).
 * Anything else in the query is refused, so a misspelt filter is an error rather than every lead.
 */
export const leadListQuerySchema = z
  .object({
    form: z.enum(LEAD_FORMS).optional(),
    state: z.enum(LEAD_LIST_STATES).optional(),
    from: isoTime.optional(),
    to: isoTime.optional(),
    q: storableText(200).optional(),
    beforeAt: isoTime.optional(),
    beforeId: z.uuid().optional(),
    limit: z
      .string()
      .regex(/^\d{1,4}$/, 'A whole number from 1 to 1000')
      .transform(Number)
      .pipe(z.number().int().min(1, 'A whole number from 1 to 1000').max(1000, 'A whole number from 1 to 1000'))
      .optional(),
  })
  .strict()
  .refine((query) => (query.beforeAt === undefined) === (query.beforeId === undefined), {
    message: 'beforeAt and beforeId go together',
    path: ['beforeId'],
  })

/** What the Leads tool puts in a list's or an export's query (strings, as in a URL). */
export type LeadListQuery = z.input<typeof leadListQuerySchema>

/** `POST /api/admin/forget`'s body: the address whose leads are erased. */
export const forgetRequestSchema = z
  .object({ email: storableText(320).refine((email) => email.includes('@'), { message: 'An e-mail address' }) })
  .strict()

/** A zod error as the admin API answers it: `400 {error, field, issues}`, naming the first field. */
export function adminQueryError(error: z.ZodError): {
  error: string
  field: string
  issues: Array<{ field: string; message: string }>
} {
  const issues = error.issues.map((issue) => ({
    field: issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : ''),
    message: issue.message,
  }))
  const first = issues[0] ?? { field: '', message: 'Not a valid request' }
  return { error: `${first.field || 'The request'}: ${first.message}`, field: first.field, issues }
}

/** `POST /api/admin/leads/:id/release`: a quarantined or repeat lead becomes an ordinary one (202; 409 if not held). */
export interface LeadReleaseJson {
  released: boolean
  /** Whether a delivery to its form's webhook was queued (false without a webhook). */
  replayed: boolean
  reason?: string
  /**
   * What the lead server that answered lacks to deliver and notify it as any lead ("no mail server is configured
   * on this lead server, the team e-mail waits for one"); empty when it lacks nothing. Absent from older servers.
   */
  missing?: string[]
}

/** `POST /api/admin/leads/:id/replay`: what was queued again (202), or why nothing was (409). */
export interface LeadReplayJson {
  replayed: boolean
  reason?: string
  /** As the release's: what the answering lead server lacks to send what was queued (it waits for one that has it). */
  missing?: string[]
}

/** What a lead server can send (`GET /api/admin/health`'s `sending`): settings named, never their secrets. */
export interface LeadSendingJson {
  /** The mail server (SMTP_URL) without its user and password; null: this server sends no e-mail. */
  mail: string | null
  /** LEAD_EMAIL_FROM, or the default sender. */
  from: string
  /** How many addresses LEAD_NOTIFY_EMAIL names. */
  notifyEmails: number
  /** The chat channels of its LEAD_CHAT_WEBHOOKS, by name and kind (never their webhook addresses). */
  chat: Array<{ name: string; format: 'slack' | 'teams' }>
}

/** The routing document a lead server routes by now (`GET /api/admin/health`'s `routing`; null: none published). */
export interface LeadRoutingInUseJson {
  rev: string
  rules: number
  /** People in the rotation. */
  rotation: number
}

/** What the Leads tool and `pnpm leads release` say of a release: done as any lead, or what is missing. */
export function releaseText(result: LeadReleaseJson): string {
  if (!result.released && !result.replayed) return `Not released: ${result.reason}`
  const missing = result.missing ?? []
  return missing.length === 0
    ? 'Released: it is delivered and notified as any lead.'
    : `Released: ${missing.join('; ')}.`
}

/** What the Leads tool and `pnpm leads replay` say of a replay: due now, with what is missing, or why not. */
export function replayText(result: LeadReplayJson): string {
  if (!result.replayed) return `Not sent: ${result.reason}`
  const missing = result.missing ?? []
  return missing.length === 0 ? 'Sent again: it is due now.' : `Sent again, due now: ${missing.join('; ')}.`
}

/** `POST /api/admin/leads/:id/spam`: the team's judgement on a lead it received (200; 409 on a held lead). */
export interface LeadSpamJson {
  markedSpam: boolean
  markedSpamAt: string | null
  reason?: string
}

/** `GET /api/admin/quarantine/counts?days=N`: the leads quarantined per day (UTC) and reason, last N days. */
export interface QuarantineCountsJson {
  days: number
  /** The first day counted, `YYYY-MM-DD`. */
  from: string
  counts: Array<{ day: string; reason: string; count: number }>
}

/** The query of `GET /api/admin/quarantine/counts`: `days`, 1 to 366 (30 when absent). */
export const quarantineCountsQuerySchema = z
  .object({
    days: z
      .string()
      .regex(/^\d{1,3}$/, 'A whole number from 1 to 366')
      .transform(Number)
      .pipe(z.number().int().min(1, 'A whole number from 1 to 366').max(366, 'A whole number from 1 to 366'))
      .optional(),
  })
  .strict()
