import type { LeadDb } from '../db/database.ts'
import type { DeliveryState, LeadFormName } from '../db/tables.ts'
import { type LeadLog, logFailure } from '../leadLog.ts'
import { type AttemptOutcome, type ClaimedDelivery, claimDueDeliveries, recordAttempt } from '../store/deliveryQueue.ts'
import { backoffDelay, type RetryPolicy, retryAfterMs } from './retryPolicy.ts'
import { type SendResult, sendWebhook } from './sendWebhook.ts'

export interface OutboxOptions {
  db: LeadDb
  /** Each form's webhook; a form without one stores its leads and sends nothing. */
  webhooks: Partial<Record<LeadFormName, string>>
  secret: string | undefined
  policy: RetryPolicy
  /** At most this many sends to one webhook at once, from this process. */
  maxConcurrentPerWebhook: number
  /** How often it looks for due deliveries when nothing wakes it. */
  pollMs: number
  sendTimeoutMs: number
  log: LeadLog
  now?: () => Date
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
  const inFlight = new Map<LeadFormName, number>()
  const sends = new Set<Promise<void>>()
  // Longer than a send can take, so a live worker's claim never runs out under it.
  const leaseMs = options.sendTimeoutMs * 2 + 5_000
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let pass: Promise<void> | undefined
  let again = false

  const destinations = Object.entries(options.webhooks).filter((entry): entry is [LeadFormName, string] =>
    Boolean(entry[1]),
  )

  const runPass = async () => {
    for (const [destination, url] of destinations) {
      const free = options.maxConcurrentPerWebhook - (inFlight.get(destination) ?? 0)
      const claimed = await claimDueDeliveries(options.db, { destination, limit: free, now: now(), leaseMs })
      for (const claim of claimed) track(destination, deliver(url, claim))
    }
  }

  const track = (destination: LeadFormName, send: Promise<void>) => {
    inFlight.set(destination, (inFlight.get(destination) ?? 0) + 1)
    const tracked = send
      .catch((error: unknown) => logFailure(options.log, 'delivery-crashed', error, { destination }))
      .finally(() => {
        inFlight.set(destination, (inFlight.get(destination) ?? 1) - 1)
        sends.delete(tracked)
        wake() // a slot is free: the next due delivery for it need not wait for the poll
      })
    sends.add(tracked)
  }

  const deliver = async (url: string, claim: ClaimedDelivery) => {
    const result = await sendWebhook({
      url,
      deliveryId: claim.id,
      body: JSON.stringify(claim.payload),
      secret: options.secret,
      now: now(),
      timeoutMs: options.sendTimeoutMs,
    })
    const outcome = decide(result, claim, options.policy, now())
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

/**
 * What an answer means for the delivery: 2xx delivered; 404 and 410 a misconfigured webhook (held and
 * reported, not retried for days); anything else retried after `Retry-After` or the backoff, until the
 * retry window has passed, then dead-lettered.
 */
export function decide(result: SendResult, claim: ClaimedDelivery, policy: RetryPolicy, now: Date): AttemptOutcome {
  const { status, error } = result
  const base = { status, error, now }
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
  const fields = {
    lead: claim.leadId,
    webhookId: claim.id,
    destination: claim.destination,
    attempt: claim.attempt,
    status: outcome.status,
    error: outcome.error,
    next: outcome.nextAttemptAt?.toISOString(),
  }
  if (!recorded) return log.warn('delivery-lease-lost', fields)
  if (outcome.state === 'misconfigured') {
    return log.error('webhook-misconfigured', {
      ...fields,
      action: `the ${claim.destination} webhook answered ${outcome.status}: check its address, then \`pnpm leads replay --misconfigured\``,
    })
  }
  if (LOUD_STATES.has(outcome.state)) return log.error('delivery-dead-lettered', fields)
  if (outcome.state === 'delivered') return log.info('delivered', fields)
  log.warn('delivery-retry', fields)
}
