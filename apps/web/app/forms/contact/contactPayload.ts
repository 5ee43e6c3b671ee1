import type { ContactValues } from '@site/leads/schemas/contactSchema'
import { SITE_SOURCE } from '@site/leads/sources'
import { timestampNow, type WebhookPayload } from '../shared/postWebhook'

/**
 * What the contact webhook receives (SPEC section 7): the validated fields as the schema returns them
 * (name and e-mail trimmed, the rest as typed), the submission time and the site's source identifier.
 */
export function buildContactPayload(
  { name, email, phone, company, interest, message }: ContactValues,
  timestamp: string = timestampNow(),
): WebhookPayload {
  return { name, email, phone, company, interest, message, timestamp, source: SITE_SOURCE }
}
