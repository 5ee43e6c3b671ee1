import { webhookDestination } from '@site/leads/admin'
import type { LeadDb } from '../db/database.ts'
import type { DeliveryState, JsonObject, LeadFormName } from '../db/tables.ts'
import type { TakeLinks } from '../followThrough/takeLink.ts'
import { type LeadLog, logFailure } from '../leadLog.ts'
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  type DestinationMatch,
  recordAttempt,
} from '../store/deliveryQueue.ts'
import { type ChatChannel, chatDestination, type NotifyConfig } from './notifyConfig.ts'
import { renderNotification } from './renderMessage.tsx'
import { backoffDelay, type RetryPolicy, retryAfterMs } from './retryPolicy.ts'
import type { Mailer } from './sendMail.ts'
import { postJson, type SendResult, sendWebhook } from './sendWebhook.ts'

export interface OutboxOptions {
  db: LeadDb
  /** Each form's webhook; a form without one stores its leads and sends nothing. */
  webhooks: Partial<Record<LeadFormName, string>>
  secret: string | undefined
  /** The body is the form's payload, plus the lead's `attribution` when true (LEAD_WEBHOOK_ATTRIBUTION). */
  withAttribution?: boolean
  policy: RetryPolicy
  /** At most this many sends to one webhook at once, from this process. */
  maxConcurrentPerWebhook: number
  /** How often it looks for due deliveries when nothing wakes it. */
  pollMs: number
  sendTimeoutMs: number
  log: LeadLog
  now?: () => Date
  /** E-mail, digests and chat posts; without it, only webhooks are sent. No mailer: e-mail is left to others. */
  notify?: { config: NotifyConfig; mailer: Mailer | undefined; takeLinks?: TakeLinks }
  /** Where history events go (`event:lead.claimed`…, LEAD_EVENTS_WEBHOOK_URL), signed as the webhooks are. */
  eventsWebhookUrl?: string
}

/** Deliveries one worker claims and sends together, at most `max` at once. */
interface Lane {
  match: DestinationMatch
  max: number
  send: (claim: ClaimedDelivery) => Promise<{ result: SendResult; message?: JsonObject }>
}

export interface Outbox {
  /** Looks for due deliveries now (a lead was just stored) instead of at the next poll. */
  wake: () => void
  /** Stops claiming, and waits for the sends in flight to be recorded. */
  stop: () => Promise<void>
}

/**
 * Delivers stored leads to their webhooks until each arrives. A send is claimed (leased) before it goes
 * out and its answer recorded after, so a process that dies in between leaves the delivery to be claimed
 * again when the lease runs out: a lead is sent a second time, under the same `webhook-id`, only then.
 */
export function startOutbox(options: OutboxOptions): Outbox {
  const now = options.now ?? (() => new Date())
  const inFlight = new Map<Lane, number>()
  const sends = new Set<Promise<void>>()
  // Longer than a send can take, so a live worker's claim never runs out under it.
  const leaseMs = options.sendTimeoutMs * 2 + 5_000
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let pass: Promise<void> | undefined
  let again = false

  const lanes = [
    ...webhookLanes(options),
    ...eventLanes(options),
    ...(options.notify ? notificationLanes(options, options.notify) : []),
  ]

  const runPass = async () => {
    for (const lane of lanes) {
      const free = lane.max - (inFlight.get(lane) ?? 0)
      const claimed = await claimDueDeliveries(options.db, {
        destination: lane.match,
        limit: free,
        now: now(),
        leaseMs,
      })
      for (const claim of claimed) track(lane, claim.destination, deliver(lane, claim))
    }
  }

  const track = (lane: Lane, destination: string, send: Promise<void>) => {
    inFlight.set(lane, (inFlight.get(lane) ?? 0) + 1)
    const tracked = send
      .catch((error: unknown) => logFailure(options.log, 'delivery-crashed', error, { destination }))
      .finally(() => {
        inFlight.set(lane, (inFlight.get(lane) ?? 1) - 1)
        sends.delete(tracked)
        wake() // a slot is free: the next due delivery for it need not wait for the poll
      })
    sends.add(tracked)
  }

  const deliver = async (lane: Lane, claim: ClaimedDelivery) => {
    const { result, message } = await lane.send(claim)
    const outcome = { ...decide(result, claim, options.policy, now()), ...(message ? { message } : {}) }
    const recorded = await recordAttempt(options.db, claim, outcome)
    reportOutcome(options.log, claim, outcome, recorded)
  }

  const schedule = () => {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(wake, options.pollMs)
  }

  function wake() {
    if (stopped) return
    if (pass) {
      again = true
      return
    }
    pass = runPass()
      .catch((error: unknown) => logFailure(options.log, 'outbox-pass-failed', error))
      .finally(() => {
        pass = undefined
        if (again) {
          again = false
          wake()
        } else schedule()
      })
  }

  wake()
  return {
    wake,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await pass
      await Promise.all(sends)
    },
  }
}

function webhookLanes(options: OutboxOptions): Lane[] {
  const configured = Object.entries(options.webhooks).filter((entry): entry is [LeadFormName, string] =>
    Boolean(entry[1]),
  )
  return configured.map(([form, url]) => ({
    match: webhookDestination(form),
    max: options.maxConcurrentPerWebhook,
    send: async (claim) => ({
      result: await sendWebhook({
        url,
        deliveryId: claim.id,
        body: JSON.stringify(webhookBody(claim.payload, claim.lead?.attribution, options.withAttribution ?? false)),
        secret: options.secret,
        now: options.now?.() ?? new Date(),
        timeoutMs: options.sendTimeoutMs,
      }),
    }),
  }))
}

/** The form's payload as the visitor sent it (SPEC §7), and the visit's attribution beside it when asked for. */
export function webhookBody(
  payload: JsonObject,
  attribution: JsonObject | null | undefined,
  withAttribution: boolean,
): JsonObject {
  return withAttribution && attribution ? { ...payload, attribution } : payload
}

/** A lead's history events (`event:lead.claimed`…): the body queued with the event, signed as a webhook. */
function eventLanes(options: OutboxOptions): Lane[] {
  const url = options.eventsWebhookUrl
  if (!url) return []
  return [
    {
      match: { prefix: 'event:' },
      max: options.maxConcurrentPerWebhook,
      send: async (claim) => ({
        result: await sendWebhook({
          url,
          deliveryId: claim.id,
          body: JSON.stringify(claim.message ?? {}),
          secret: options.secret,
          now: options.now?.() ?? new Date(),
          timeoutMs: options.sendTimeoutMs,
        }),
      }),
    },
  ]
}

/**
 * E-mail (team and visitor), digests and chat: each message rendered at its first attempt and kept. A process
 * claims only what it can send: e-mail and digests with a mail server (SMTP_URL), each chat channel named in
 * its LEAD_CHAT_WEBHOOKS. The rest stays pending for a process of the same store that has the settings.
 */
function notificationLanes(options: OutboxOptions, notify: NonNullable<OutboxOptions['notify']>): Lane[] {
  const { config, mailer, takeLinks } = notify
  const sendEmail = (mail: Mailer) => async (claim: ClaimedDelivery) => {
    const message = await renderNotification(claim, config, options.db, takeLinks)
    if (!message.email) throw new Error(`The delivery to ${claim.destination} is not an e-mail`)
    return { result: await mail.send(message.email), message: { ...message } }
  }
  const sendChat = (channel: ChatChannel) => async (claim: ClaimedDelivery) => {
    const message = await renderNotification(claim, config, options.db, takeLinks)
    if (!message.chat) throw new Error(`The delivery to ${claim.destination} is not a chat post`)
    const result = await postJson({
      url: channel.url,
      body: JSON.stringify(message.chat.body),
      timeoutMs: options.sendTimeoutMs,
    })
    return { result, message: { ...message } }
  }
  const mailLanes: Lane[] = mailer
    ? [
        { match: { prefix: 'email:' }, max: config.maxConcurrentSends, send: sendEmail(mailer) },
        { match: { prefix: 'digest:' }, max: 1, send: sendEmail(mailer) },
      ]
    : []
  const chatLanes = Object.entries(config.chatChannels).map(
    ([name, channel]): Lane => ({
      match: chatDestination(name),
      max: config.maxConcurrentSends,
      send: sendChat(channel),
    }),
  )
  return [...mailLanes, ...chatLanes]
}

/**
 * What an answer means for the delivery: 2xx delivered; 404 and 410 a misconfigured webhook (held and
 * reported, not retried for days); anything else retried after `Retry-After` or the backoff, until the
 * retry window has passed, then dead-lettered.
 */
export function decide(result: SendResult, claim: ClaimedDelivery, policy: RetryPolicy, now: Date): AttemptOutcome {
  const { status, error } = result
  const base = { status, error, now }
  if (result.verdict) return { ...base, state: result.verdict, nextAttemptAt: null }
  // 2xx: an HTTP success, or SMTP's 250 (accepted).
  if (status !== null && status >= 200 && status < 300) return { ...base, state: 'delivered', nextAttemptAt: null }
  if (status === 404 || status === 410) return { ...base, state: 'misconfigured', nextAttemptAt: null }
  if (now.getTime() - claim.windowStartedAt.getTime() >= policy.windowMs) {
    return { ...base, state: 'dead', nextAttemptAt: null }
  }
  const wait = retryAfterMs(result.retryAfter, now) ?? backoffDelay(claim.attempt, policy)
  return { ...base, state: 'pending', nextAttemptAt: new Date(now.getTime() + wait) }
}

const LOUD_STATES: ReadonlySet<DeliveryState> = new Set(['misconfigured', 'dead'])

function reportOutcome(log: LeadLog, claim: ClaimedDelivery, outcome: AttemptOutcome, recorded: boolean) {
  const webhook = claim.destination.startsWith('webhook:') || claim.destination.startsWith('event:')
  const fields = {
    lead: claim.leadId,
    webhookId: claim.id,
    destination: webhook || claim.destination.startsWith('chat:') ? claim.destination : claim.destination.split(':')[0],
    attempt: claim.attempt,
    status: outcome.status,
    // A mail server's reply can quote an address: only a webhook's or a chat post's network error is logged.
    error: webhook || claim.destination.startsWith('chat:') ? outcome.error : undefined,
    next: outcome.nextAttemptAt?.toISOString(),
  }
  if (!recorded) return log.warn('delivery-lease-lost', fields)
  if (outcome.state === 'not-sent') return log.info('notification-kept', fields)
  if (LOUD_STATES.has(outcome.state) && claim.leadId === null) {
    return log.error('team-notice-undelivered', {
      ...fields,
      action: `check ${claim.destination.startsWith('chat:') ? 'LEAD_CHAT_WEBHOOKS' : 'SMTP_URL and RELEASE_ALERT_EMAIL'}: a notice is not sent again, and what it told stays on the release in the Studio`,
    })
  }
  if (outcome.state === 'misconfigured' && webhook) {
    return log.error('webhook-misconfigured', {
      ...fields,
      action: `the ${claim.destination} webhook answered ${outcome.status}: check its address, then \`pnpm leads replay --misconfigured\``,
    })
  }
  if (outcome.state === 'misconfigured') {
    return log.error('notification-misconfigured', {
      ...fields,
      action: claim.destination.startsWith('chat:')
        ? 'check LEAD_CHAT_WEBHOOKS and the routing document, then `pnpm leads replay <lead>`'
        : `the mail server refused it for good (${outcome.status}): check SMTP_URL, LEAD_EMAIL_FROM and the recipients, then \`pnpm leads replay <lead>\``,
    })
  }
  if (LOUD_STATES.has(outcome.state)) return log.error('delivery-dead-lettered', fields)
  if (outcome.state === 'delivered') return log.info('delivered', fields)
  log.warn('delivery-retry', fields)
}
