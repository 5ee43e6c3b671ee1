import { Webhook } from 'standardwebhooks'

/** What a receiver answered, or why it did not. */
export interface SendResult {
  status: number | null
  /** A network error or timeout, in words without the payload. */
  error: string | null
  retryAfter: string | null
  /** Decided by the sender: a permanent refusal (an SMTP 5xx), or not sent at all (no mail server). */
  verdict?: 'misconfigured' | 'not-sent'
}

/**
 * POSTs one delivery attempt as Standard Webhooks describe (standardwebhooks.com): the body is the lead's
 * payload, `webhook-id` is the delivery's id (the same on every attempt, so a receiver drops repeats),
 * `webhook-timestamp` the attempt's time, and `webhook-signature` an HMAC of the three when a secret is set.
 */
export async function sendWebhook(options: {
  url: string
  deliveryId: string
  body: string
  secret: string | undefined
  now: Date
  timeoutMs: number
}): Promise<SendResult> {
  const headers: Record<string, string> = {
    'webhook-id': options.deliveryId,
    'webhook-timestamp': String(Math.floor(options.now.getTime() / 1000)),
  }
  if (options.secret) {
    headers['webhook-signature'] = new Webhook(options.secret).sign(options.deliveryId, options.now, options.body)
  }
  return postJson({ ...options, headers })
}

/** POSTs a JSON body (a webhook's, or a chat message to Slack or Teams); the answer's status, or why none came. */
export async function postJson(options: {
  url: string
  body: string
  headers?: Record<string, string>
  timeoutMs: number
}): Promise<SendResult> {
  const headers = { 'content-type': 'application/json', 'user-agent': 'advisorgrowth-leads/1', ...options.headers }
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers,
      body: options.body,
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    await response.body?.cancel()
    return { status: response.status, error: null, retryAfter: response.headers.get('retry-after') }
  } catch (error) {
    return { status: null, error: describeNetworkError(error), retryAfter: null }
  }
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time'
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined
  const code = cause && 'code' in cause ? String(cause.code) : undefined
  return code ?? (cause ?? (error instanceof Error ? error : undefined))?.message ?? String(error)
}
