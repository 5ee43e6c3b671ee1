/** How long and how often a lead's delivery is retried. */
export interface RetryPolicy {
  /** The first retry's delay; each later one doubles, up to `maxDelayMs`. */
  baseDelayMs: number
  maxDelayMs: number
  /** A delivery that still fails this long after its window began is dead-lettered (kept, never deleted). */
  windowMs: number
}

/** At least 72 hours: a receiver down over a long weekend still gets every lead. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 6 * 60 * 60_000,
  windowMs: 72 * 60 * 60_000,
}

/**
 * The wait after failed attempt number `attempt` (1 for the first): exponential, capped, with "equal
 * jitter" (half fixed, half random) so that leads failing together do not retry together.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exponential / 2 + (random() * exponential) / 2)
}

/** `Retry-After` in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime())
}
