import { SUBMIT_TIMEOUT_MS } from '@site/leads/limits'

/** JSON-serialisable fields of a submission. */
export type WebhookPayload = Record<string, string | number | boolean | null>

/**
 * Sends a submission to an automation webhook. The request is opaque (no-cors): the response cannot be
 * read, so the send counts as successful when it does not throw. It throws on a network failure and
 * when the webhook has not answered within SUBMIT_TIMEOUT_MS.
 * An empty URL (the variable is not configured for this build) sends nothing and resolves.
 */
export async function postWebhook(url: string, payload: WebhookPayload): Promise<void> {
  if (!url) return
  await fetch(url, {
    method: 'POST',
    mode: 'no-cors',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
  })
}

/** The submission time every payload carries, as an ISO 8601 date-time. */
export function timestampNow(): string {
  return new Date().toISOString()
}

/** `fields` plus `timestamp`: now, as an ISO 8601 date-time. */
export function withTimestamp<T extends WebhookPayload>(fields: T): T & { timestamp: string } {
  return { ...fields, timestamp: timestampNow() }
}
