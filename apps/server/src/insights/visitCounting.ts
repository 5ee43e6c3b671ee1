import type { UncountedVisitReason } from '@site/leads/insights'
import { isbot } from 'isbot'

/**
 * Why the figures do not count a request's visit, or undefined when they do: one rule for the recorder's
 * events (dropped) and the leads the same browser sends (shown apart). Browsers send `Sec-GPC: 1` on every
 * request when Global Privacy Control is on; headless Chromium names itself in its user agent.
 */
export function uncountedVisitReason(headers: {
  userAgent: string | undefined
  secGpc: string | undefined
}): UncountedVisitReason | undefined {
  if (headers.secGpc === '1') return 'gpc'
  if (!headers.userAgent || isbot(headers.userAgent)) return 'bot'
  return undefined
}
