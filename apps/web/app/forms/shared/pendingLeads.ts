import type { LeadFormName } from '@site/leads/forms'
import { PENDING_LEADS_STORAGE_KEY } from './pendingLeadsStorage'
import {
  isDirectDelivery,
  LeadNotStoredError,
  type LeadSubmission,
  submitLead,
  withVisitAttribution,
} from './submitLead'

/**
 * The questionnaire swallows a failed send (SPEC section 7), so the visitor cannot send it again: the
 * browser does. The submission is kept in localStorage before it is sent and dropped once the lead server
 * has it; until then it is sent again, with the same idempotency key, while the page is open and on the
 * next page load (root.tsx), so the server stores it once however often it arrives.
 */
interface PendingLead {
  form: LeadFormName
  submission: LeadSubmission
}

const FIRST_RETRY_MS = 2_000
const LONGEST_RETRY_MS = 60_000

/** Sends the submission, keeping it until it is stored; rejects when this first try failed. */
export async function submitKeepingUntilStored(form: LeadFormName, submission: LeadSubmission): Promise<void> {
  if (isDirectDelivery()) return submitLead(form, submission)
  const pending = { form, submission: withVisitAttribution(submission) }
  remember(pending)
  return send(pending, FIRST_RETRY_MS)
}

/** Sends every kept submission again (a page load after a failed send). */
export function resendPendingLeads(): void {
  for (const pending of readPending()) send(pending, FIRST_RETRY_MS).catch(() => {})
}

async function send(pending: PendingLead, nextRetryMs: number): Promise<void> {
  try {
    await submitLead(pending.form, pending.submission)
    forget(pending)
  } catch (error) {
    if (isRefusedForGood(error)) forget(pending)
    else setTimeout(() => send(pending, Math.min(nextRetryMs * 2, LONGEST_RETRY_MS)).catch(() => {}), nextRetryMs)
    throw error
  }
}

/** A 4xx other than 408 and 429: the server refused this submission (and quarantined it); a resend changes nothing. */
function isRefusedForGood(error: unknown): boolean {
  return (
    error instanceof LeadNotStoredError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  )
}

function readPending(): PendingLead[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(PENDING_LEADS_STORAGE_KEY) ?? '[]')
    return Array.isArray(stored) ? (stored as PendingLead[]) : []
  } catch {
    return []
  }
}

function writePending(pending: PendingLead[]): void {
  try {
    if (pending.length === 0) window.localStorage.removeItem(PENDING_LEADS_STORAGE_KEY)
    else window.localStorage.setItem(PENDING_LEADS_STORAGE_KEY, JSON.stringify(pending))
  } catch {
    // Storage full or blocked: the submission is still sent while the page is open.
  }
}

function remember(pending: PendingLead): void {
  const others = readPending().filter((kept) => kept.submission.idempotencyKey !== pending.submission.idempotencyKey)
  writePending([...others, pending])
}

function forget(pending: PendingLead): void {
  writePending(readPending().filter((kept) => kept.submission.idempotencyKey !== pending.submission.idempotencyKey))
}
