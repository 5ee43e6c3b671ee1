import { randomUUID } from 'node:crypto'
import { type LeadAttribution, type LeadConsent, leadAttributionSchema, leadConsentSchema } from '@site/leads/context'
import { LEAD_FORMS } from '@site/leads/forms'
import { LEAD_PAYLOAD_SCHEMAS } from '@site/leads/payloads'
import type { LeadRouting } from '@site/leads/routing'
import { holdReasonTitle, type IntakeReason } from '@site/leads/spam'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { uncountedVisitReason } from '../insights/visitCounting.ts'
import { clientAddressResolver } from './clientAddress.ts'
import type { LeadDb } from './db/database.ts'
import type { JsonObject, LeadFormName } from './db/tables.ts'
import { confirmationGate, withoutConfirmation } from './delivery/confirmationLimits.ts'
import { heldLeadDigests, planNotifications } from './delivery/routing.ts'
import { expectedCallText } from './followThrough/businessHours.ts'
import { followThroughAtStore, followThroughPlan } from './followThrough/rotation.ts'
import type { LeadConfig } from './leadConfig.ts'
import { type LeadLog, logFailure } from './leadLog.ts'
import { checkProof, issueChallenge } from './spam/proofOfWork.ts'
import { judgeSubmission, type SubmissionFacts } from './spam/spamChecks.ts'
import { storableText, unstorableReason } from './storableJson.ts'
import { type ConsentInput, storeLead } from './store/intake.ts'
import { pruneUsedProofs, spendProof } from './store/usedProofs.ts'

/** Larger than any form's largest honest submission (the contact message is 1,000 characters). */
export const LEAD_BODY_LIMIT_BYTES = 16 * 1024

/**
 * What the site's forms send: the webhook payload, the honeypot field's value (empty from a person), and
 * beside them the visit's attribution and the consent copy the form showed (@site/leads/context).
 */
interface LeadRequestBody {
  payload: JsonObject
  honeypot?: string
  attribution?: unknown
  consent?: unknown
  /** The proof of work the browser solved (@site/leads/spam): checked unless LEAD_SPAM_PROTECTION=off. */
  proof?: unknown
}

const IDEMPOTENCY_KEY = /^[\w.:-]{8,128}$/

/** Why a submission was quarantined before the spam checks, as the log says it and as its stored reason is named. */
type QuarantineKind = 'honeypot' | 'invalid' | 'unstorable' | 'not JSON' | 'not UTF-8'
const REASON_OF_KIND: Record<QuarantineKind, IntakeReason> = {
  honeypot: 'honeypot',
  invalid: 'invalid',
  unstorable: 'unstorable',
  'not JSON': 'not-json',
  'not UTF-8': 'not-utf8',
}

/** How often the proofs of expired challenges are forgotten (on the next submission after this long). */
const PRUNE_EVERY_MS = 60_000

/**
 * `POST /api/leads/<form>`: stores a lead before answering. 201 with its id once it is stored (200 for a
 * repeat of an idempotency key already stored); a request without a valid Idempotency-Key is refused (400,
 * nothing stored); anything the form would not have sent, or that a store cannot hold as sent, is quarantined
 * with its reason and answered 4xx under a key of its own, so a corrected resend with the visitor's key is
 * stored; a filled honeypot is quarantined behind an ordinary 201. A submission that passes the form's rules
 * then meets the spam checks (spam/spamChecks.ts: its proof of work, its content, its timing): one they hold
 * is quarantined with its named reasons behind the same 201, so a bot learns nothing; one that repeats an
 * earlier lead's e-mail and answers on the same form within LEAD_DUPLICATE_WINDOW is stored as its repeat,
 * undelivered (a new message from the same e-mail is delivered, marked with the first lead: `first_lead`). A
 * giveaway entry after the giveaway's end date (Site settings) is refused with 410 and not stored.
 * `GET /api/leads/challenge` issues the proof of work's challenges.
 */
export function leadEndpoint(options: {
  db: LeadDb
  config: LeadConfig
  log: LeadLog
  /** The routing document (Studio) as last read; undefined when there is none. */
  routing: () => Promise<LeadRouting | undefined>
  /** Called once a lead with a delivery is stored: the outbox sends it now. */
  onStored: () => void
  /** The giveaway's end date (Studio); an entry after it is refused with 410. Undefined: no end is checked. */
  giveawayEnd?: () => Promise<Date | undefined>
}): Hono {
  const { db, config, log } = options
  const limiter = new RateLimiterMemory({ points: config.rateLimitPerMinute, duration: 60 })
  // A challenge per form a visitor opens: more than their submissions, still a bound on one address.
  const challengeLimiter = new RateLimiterMemory({ points: config.rateLimitPerMinute * 4, duration: 60 })
  let prunedAt = 0
  const clientAddress = clientAddressResolver(config.trustProxy)
  const confirmationAllowed = confirmationGate(db, config.confirmations)
  const app = new Hono()

  const quarantine = async (
    form: LeadFormName,
    key: string,
    payload: JsonObject,
    kind: QuarantineKind,
    reason: string,
    /** Answered 201 as if accepted: the day's digest must count it (a refused one was told its 4xx). */
    silent = false,
  ) => {
    const now = new Date()
    const stored = await storeLead(db, {
      form,
      idempotencyKey: key,
      payload,
      quarantineReason: reason,
      reasons: [REASON_OF_KIND[kind]],
      deliver: false,
      now,
      heldDigests: silent ? heldLeadDigests(await options.routing(), config.notify, now) : undefined,
    })
    if (stored.created) log.warn('lead-quarantined', { lead: stored.id, form, reason: kind })
    return stored
  }
  /**
   * A submission answered 4xx is kept under a key of its own (the visitor's, then `/refused/<uuid>`, which no
   * valid key can be): the key stays free for the corrected resend.
   */
  const refuse = (form: LeadFormName, key: string, payload: JsonObject, kind: QuarantineKind, reason: string) =>
    quarantine(form, `${key}/refused/${randomUUID()}`, payload, kind, reason)

  app.use('/api/leads/:form', async (c, next) => {
    const origin = c.req.header('origin')
    if (origin && !isAllowedOrigin(origin, c, config)) {
      log.warn('lead-refused', { reason: 'foreign origin' })
      return c.json({ error: 'Forms are accepted from this site only' }, 403)
    }
    if (c.req.method === 'OPTIONS') return c.body(null, 204)
    await next()
  })

  app.get('/api/leads/challenge', async (c) => {
    try {
      await challengeLimiter.consume(clientAddress(c))
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection
      c.header('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))))
      return c.json({ error: 'Too many challenges from this address: try again shortly' }, 429)
    }
    c.header('cache-control', 'no-store')
    return c.json(await issueChallenge(config.spam, { now: new Date(), since: c.req.query('since') }))
  })

  app.post(
    '/api/leads/:form',
    bodyLimit({
      maxSize: LEAD_BODY_LIMIT_BYTES,
      onError: (c) => c.json({ error: `The body is larger than ${LEAD_BODY_LIMIT_BYTES} bytes` }, 413),
    }),
    async (c) => {
      const form = c.req.param('form')
      if (!isLeadForm(form)) return c.json({ error: 'No such form' }, 404)
      try {
        await limiter.consume(clientAddress(c))
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
        log.warn('lead-rate-limited', { form, retryAfter: seconds })
        c.header('Retry-After', String(seconds))
        return c.json({ error: 'Too many submissions from this address: try again shortly' }, 429)
      }
      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
        return c.json({ error: 'Send the form as application/json' }, 415)
      }
      const giveawayEnd = form === 'giveaway' ? await options.giveawayEnd?.() : undefined
      if (giveawayEnd && Date.now() >= giveawayEnd.getTime()) {
        // Refused, not stored: the rules forbid late entries, so no one is to hear of it or act on it.
        log.warn('lead-refused', { form, reason: 'giveaway ended' })
        return c.json(
          {
            error: `The giveaway ended on ${giveawayEnd.toISOString()}: entries are no longer accepted`,
            endedAt: giveawayEnd.toISOString(),
          },
          410,
        )
      }
      const key = c.req.header('idempotency-key') ?? ''
      if (!IDEMPOTENCY_KEY.test(key)) {
        log.warn('lead-refused', { form, reason: 'no valid Idempotency-Key' })
        return c.json(
          { error: 'An Idempotency-Key header is required: 8 to 128 letters, digits, ".", ":", "_" or "-"' },
          400,
        )
      }
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      const text = utf8(bytes)
      if (text === undefined) {
        const body = storableText(new TextDecoder().decode(bytes))
        const stored = await refuse(form, key, { body }, 'not UTF-8', 'the body is not UTF-8 text')
        return c.json({ error: 'The body must be UTF-8 text', id: stored.id }, 400)
      }
      const body = parseBody(text)
      if (!body) {
        const stored = await refuse(
          form,
          key,
          { body: storableText(text) },
          'not JSON',
          'not a JSON object with a payload',
        )
        return c.json({ error: 'The body must be a JSON object with a payload', id: stored.id }, 400)
      }
      const unstorable = unstorableReason(body.payload, 'payload')
      if (body.honeypot?.trim()) {
        const kept = unstorable ? { body: storableText(text) } : body.payload
        const stored = await quarantine(form, key, kept, 'honeypot', 'honeypot field filled', true)
        return stored.created ? c.json({ id: stored.id }, 201) : repeated(c, stored.id)
      }
      if (unstorable) {
        const reason = `unstorable: ${unstorable}`
        const stored = await refuse(form, key, { body: storableText(text) }, 'unstorable', reason)
        return c.json({ error: `The submission cannot be stored as sent: ${unstorable}`, id: stored.id }, 400)
      }
      const checked = LEAD_PAYLOAD_SCHEMAS[form].safeParse(body.payload)
      if (!checked.success) {
        const issues = checked.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }))
        const reason = `invalid: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`
        const stored = await refuse(form, key, body.payload, 'invalid', reason)
        return c.json({ error: 'The submission does not pass the form rules', issues, id: stored.id }, 422)
      }
      const deliver = Boolean(config.webhooks[form])
      const now = new Date()
      const judged = judgeSubmission(
        { ...(await proofFacts(body, form, key, now)), pageContext: body.attribution !== undefined },
        config.spam,
      )
      if (now.getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now.getTime()
        pruneUsedProofs(db, now).catch((error: unknown) => logFailure(log, 'used-proofs-prune-failed', error))
      }
      // A lead is never refused for its attribution or consent: what does not pass is left out, and logged.
      const attribution = storable(body.attribution) ? leadAttributionSchema.safeParse(body.attribution) : undefined
      const consent = storable(body.consent) ? leadConsentSchema.safeParse(body.consent) : undefined
      if (!attribution?.success) log.warn('lead-attribution-missing', { form, given: body.attribution !== undefined })
      if (!consent?.success) log.warn('lead-consent-missing', { form, given: body.consent !== undefined })
      const routing = await options.routing()
      const plan = followThroughPlan(config, routing)
      const followThrough = followThroughAtStore(plan, now)
      let notifications = planNotifications({
        form,
        payload: body.payload,
        routing,
        config: config.notify,
        now,
        rotation: followThrough.offerDueAt !== null,
        callTime: expectedCallText(now, plan.escalateAfterMs, plan.hours),
      })
      if (notifications.notice.confirmation && !judged.quarantined) {
        const verdict = await confirmationAllowed(clientAddress(c), now)
        if (verdict !== 'allowed') {
          notifications = withoutConfirmation(notifications)
          log.warn('confirmation-withheld', { form, reason: verdict })
        }
      }
      const stored = await storeLead(db, {
        form,
        idempotencyKey: key,
        notifications,
        followThrough,
        // As the visitor sent it (the rules passed it), in the form's key order: the webhook gets exactly this.
        payload: body.payload,
        deliver,
        now,
        quarantineReason: judged.quarantined ? judged.reasons.map(holdReasonTitle).join('; ') : undefined,
        heldDigests: judged.quarantined ? heldLeadDigests(routing, config.notify, now) : undefined,
        reasons: judged.reasons,
        repeatsSince:
          config.spam.duplicateWindowMs > 0 ? new Date(now.getTime() - config.spam.duplicateWindowMs) : undefined,
        attribution: attribution?.success ? attribution.data : null,
        uncountedVisit: uncountedVisitReason({
          userAgent: c.req.header('user-agent'),
          secGpc: c.req.header('sec-gpc'),
        }),
        consent: consent?.success
          ? consentRecord(consent.data, {
              now,
              pageUrl: pageUrlOf(c, attribution?.success ? attribution.data : undefined),
              ipAddress: clientAddress(c),
              userAgent: c.req.header('user-agent') ?? null,
            })
          : null,
      })
      if (stored.created && judged.quarantined) {
        log.warn('lead-quarantined', { lead: stored.id, form, reason: judged.reasons.join(',') })
      } else if (stored.created && stored.repeatOf) {
        log.info('lead-stored', { lead: stored.id, form, delivery: 'none: a repeat', repeatOf: stored.repeatOf })
      } else if (stored.created) {
        log.info('lead-stored', {
          lead: stored.id,
          form,
          delivery: deliver ? 'queued' : 'no webhook configured',
          notifications: notifications.deliveries.length,
          rule: notifications.notice.rule,
          routingRev: notifications.notice.rev,
          ...(stored.firstLead ? { firstLead: stored.firstLead } : {}),
        })
        if (deliver || notifications.deliveries.length > 0 || followThrough.offerDueAt) options.onStored()
      }
      return stored.created ? c.json({ id: stored.id }, 201) : repeated(c, stored.id)
    },
  )

  /** The proof of work's part of the spam checks: why it failed, or how long the form was open. */
  const proofFacts = async (
    body: LeadRequestBody,
    form: LeadFormName,
    key: string,
    now: Date,
  ): Promise<SubmissionFacts> => {
    if (!config.spam.proofOfWork) return { payload: body.payload }
    const proof = await checkProof(config.spam, body.proof, now)
    if (!proof.verified) return { payload: body.payload, proofReason: proof.reason }
    if ((await spendProof(db, proof, { form, idempotencyKey: key })) === 'replayed') {
      return { payload: body.payload, proofReason: 'proof-replayed' }
    }
    return { payload: body.payload, fillMs: now.getTime() - proof.shownAt.getTime() }
  }

  app.onError((error, c) => {
    logFailure(log, 'lead-endpoint-failed', error, { route: c.req.routePath })
    c.header('Retry-After', '5')
    return c.json({ error: 'The lead could not be stored: try again' }, 503)
  })
  return app
}

/** A key already stored: whatever this request carries, the answer is the first lead's. */
function repeated(c: Context, id: string) {
  return c.json({ id, repeated: true }, 200)
}

function isLeadForm(name: string): name is LeadFormName {
  return (LEAD_FORMS as readonly string[]).includes(name)
}

/** The body as text, or undefined when its bytes are not UTF-8. */
function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

function storable(value: unknown): boolean {
  return unstorableReason(value) === undefined
}

function parseBody(text: string): LeadRequestBody | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!isObject(parsed) || !isObject(parsed.payload)) return undefined
  const honeypot = typeof parsed.honeypot === 'string' ? parsed.honeypot : undefined
  return {
    payload: parsed.payload,
    honeypot,
    attribution: parsed.attribution,
    consent: parsed.consent,
    proof: parsed.proof,
  }
}

/** The consent as stored: the copy the browser showed, with the time, page, address and browser the server saw. */
function consentRecord(
  consent: LeadConsent,
  seen: { now: Date; pageUrl: string | null; ipAddress: string; userAgent: string | null },
): ConsentInput {
  return {
    kind: consent.kind,
    text: consent.text,
    field: consent.field,
    document_id: consent.documentId,
    document_rev: consent.documentRev,
    checked: consent.checked ?? null,
    recorded_at: seen.now,
    page_url: seen.pageUrl,
    ip_address: seen.ipAddress,
    user_agent: seen.userAgent === null ? null : storableText(seen.userAgent.slice(0, 1000)),
  }
}

/**
 * The page the request came from as the server saw it: its Referer (the site's policy sends the full URL to
 * its own origin), else the page the browser named.
 */
function pageUrlOf(c: Context, attribution: LeadAttribution | undefined): string | null {
  const referer = c.req.header('referer')
  if (referer) return storableText(referer.slice(0, 2048))
  return attribution?.page ?? null
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The server's own origin as the browser addressed it, or one configured (the public site behind a proxy). */
function isAllowedOrigin(origin: string, c: Context, config: LeadConfig): boolean {
  const host = c.req.header('host')
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return true
  return config.allowedOrigins.includes(origin)
}
