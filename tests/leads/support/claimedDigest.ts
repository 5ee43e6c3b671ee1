import { randomUUID } from 'node:crypto'
import type { LeadFormName } from '../../../apps/server/src/leads/db/tables'
import type { ClaimedDelivery } from '../../../apps/server/src/leads/store/deliveryQueue'

/**
 * A digest to `to` as the outbox hands it to `renderNotification`, claimed with `lead` (the first lead that queued
 * it): the digest of the hour before and after now, or of `window`.
 */
export function claimedDigest(
  lead: { id: string; form: LeadFormName },
  to: string,
  window?: { from: string; until: string },
): ClaimedDelivery {
  const now = Date.now()
  return {
    id: randomUUID(),
    leadId: lead.id,
    destination: `digest:${to}`,
    attempt: 1,
    payload: {},
    leaseToken: 'token',
    windowStartedAt: new Date(),
    message: {
      kind: 'digest',
      to: [to],
      from: window?.from ?? new Date(now - 3_600_000).toISOString(),
      until: window?.until ?? new Date(now + 3_600_000).toISOString(),
    },
    lead: {
      id: lead.id,
      form: lead.form,
      payload: {},
      attribution: null,
      received_at: new Date(),
      notify: {},
      first_lead: null,
    },
  }
}
