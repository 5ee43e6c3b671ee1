import type { LeadAttribution, LeadConsent } from '@site/leads/context'
import type { LeadFormName } from '@site/leads/forms'
import { SUBMIT_TIMEOUT_MS } from '@site/leads/limits'
import { trackForm } from '../../insights/track'
import { visitAttribution } from './attribution'
import { type HeldProof, proofToSend } from './leadProof'
import { postWebhook, type WebhookPayload } from './postWebhook'

/** A submission as a form hands it over: the webhook payload, and what a bot typed into the honeypot. */
export interface LeadSubmission {
  payload: WebhookPayload
  /** Made when the form was shown; the same for every resend of this submission, so it is stored once. */
  idempotencyKey: string
  /** The honeypot field's value: empty from a person. */
  honeypot: string
  /** The consent copy the form showed (and its checkbox's state), with the CMS document it came from. */
  consent?: LeadConsent
  /** Where the visit came from; taken from this visit when the submission is first sent (attribution.ts). */
  attribution?: LeadAttribution
  /** The proof of work solved while the form was shown (leadProof.ts); renewed here if it is about to expire. */
  proof?: HeldProof
}

/** The submission with this visit's attribution, taken once: a resend on a later visit keeps the first. */
export function withVisitAttribution(submission: LeadSubmission): LeadSubmission {
  if (submission.attribution || typeof window === 'undefined') return submission
  const attribution = visitAttribution(window.location.href)
  return attribution ? { ...submission, attribution } : submission
}

/** The lead endpoint answered, but did not store the lead (a rule failed, too many submissions, a fault). */
export class LeadNotStoredError extends Error {
  constructor(readonly status: number) {
    super(`The lead endpoint answered ${status}`)
  }
}

/**
 * `direct` builds (VITE_LEAD_DELIVERY=direct, for a host with no server) call the webhooks from the browser
 * as the spec first described; every other build sends to the site's own lead endpoint. A compile-time
 * constant in a build, so a server build carries no webhook address.
 */
export function isDirectDelivery(): boolean {
  return import.meta.env.VITE_LEAD_DELIVERY === 'direct'
}

/**
 * Sends a lead. By default to the site's lead endpoint (`/api/leads/<form>`), which answers once the lead
 * is stored, with the visit's attribution and the form's consent beside the payload: this resolves then, and throws when it is not (a network failure, a timeout, any answer but
 * 2xx). In a direct build, the form's webhook is called in no-cors mode (SPEC section 7): a submission
 * with a filled honeypot is not sent, and an empty webhook address sends nothing.
 */
export async function submitLead(form: LeadFormName, submission: LeadSubmission): Promise<void> {
  // Written out rather than isDirectDelivery(): the minifier drops the branch, and the addresses with it.
  if (import.meta.env.VITE_LEAD_DELIVERY === 'direct') {
    if (submission.honeypot.trim()) return
    return postWebhook(directWebhookUrl(form), submission.payload)
  }
  const deadline = Date.now() + SUBMIT_TIMEOUT_MS
  const proof = await proofToSend(submission.proof)
  const body = JSON.stringify({
    payload: submission.payload,
    honeypot: submission.honeypot,
    // Attribution and consent travel beside the payload: the webhook receives the payload alone.
    attribution: withVisitAttribution(submission).attribution,
    consent: submission.consent,
    proof,
  })
  for (;;) {
    const response = await fetch(`/api/leads/${form}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': submission.idempotencyKey },
      body,
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    })
    if (response.ok) return trackForm(form, 'stored')
    // A room of visitors behind one address (a conference's Wi-Fi) can pass the server's per-address limit:
    // its Retry-After is waited out within the submit time, with the same key, before the visitor is told.
    const wait = retryAfterMs(response)
    if (response.status !== 429 || wait === undefined || Date.now() + wait >= deadline) {
      throw new LeadNotStoredError(response.status)
    }
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'))
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined
}

function directWebhookUrl(form: LeadFormName): string {
  const urls: Record<LeadFormName, string | undefined> = {
    contact: import.meta.env.VITE_CONTACT_WEBHOOK_URL,
    guide: import.meta.env.VITE_GUIDE_WEBHOOK_URL,
    qualify: import.meta.env.VITE_QUALIFY_WEBHOOK_URL,
    giveaway: import.meta.env.VITE_GIVEAWAY_WEBHOOK_URL,
  }
  return urls[form] ?? ''
}

/** A random idempotency key; `crypto.randomUUID` exists only in secure contexts (not on plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
