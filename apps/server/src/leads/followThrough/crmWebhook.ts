import { adminQueryError } from '@site/leads/admin'
import { crmStatusRequestSchema } from '@site/leads/followThrough'
import type { LeadRouting } from '@site/leads/routing'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import type { LeadDb } from '../db/database.ts'
import type { LeadConfig } from '../leadConfig.ts'
import type { LeadLog } from '../leadLog.ts'
import { setLeadStatus } from './ownership.ts'
import { lostReasons } from './takeRoutes.ts'

/**
 * `POST /api/crm/status`: a CRM sets a lead's status, signed as Standard Webhooks sign (the `webhook-id`,
 * `webhook-timestamp` and `webhook-signature` headers, HMAC-SHA256 under LEAD_CRM_SECRET; a timestamp more
 * than 5 minutes off is refused, so a captured request cannot be replayed later). Without the secret the
 * route answers 404. Body: `{"leadId", "status", "value"?, "reason"?}`; recorded as `crm` through `crm`.
 */
export function crmWebhook(options: {
  db: LeadDb
  config: LeadConfig
  routing: () => Promise<LeadRouting | undefined>
  wakeOutbox: () => void
  log: LeadLog
}): Hono {
  const { db, config, log } = options
  const app = new Hono()
  app.post(
    '/api/crm/status',
    bodyLimit({ maxSize: 4096, onError: (c) => c.json({ error: 'Too large' }, 413) }),
    async (c) => {
      const secret = config.followThrough.crmSecret
      if (!secret) return c.json({ error: 'Not found' }, 404)
      const text = await c.req.text()
      let body: unknown
      try {
        body = new Webhook(secret).verify(text, {
          'webhook-id': c.req.header('webhook-id') ?? '',
          'webhook-timestamp': c.req.header('webhook-timestamp') ?? '',
          'webhook-signature': c.req.header('webhook-signature') ?? '',
        })
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error
        log.warn('crm-status-refused', { reason: error.message })
        return c.json({ error: `The signature does not verify: ${error.message}` }, 401)
      }
      const request = crmStatusRequestSchema.safeParse(body)
      if (!request.success) return c.json(adminQueryError(request.error), 400)
      const { leadId, ...change } = request.data
      if (change.status === 'won' && change.value === undefined) {
        return c.json({ error: 'value: a won lead needs its value', field: 'value' }, 400)
      }
      if (change.status === 'lost') {
        const reasons = await lostReasons(options.routing)
        if (!change.reason || !reasons.includes(change.reason)) {
          return c.json({ error: `reason: one of ${reasons.join(', ')}`, field: 'reason' }, 400)
        }
      }
      const events = Boolean(config.followThrough.eventsWebhookUrl)
      const result = await setLeadStatus(
        db,
        leadId,
        {
          status: change.status,
          ...(change.status === 'won' ? { value: change.value } : {}),
          ...(change.status === 'lost' ? { reason: change.reason } : {}),
        },
        { by: 'crm', via: 'crm', now: new Date(), events },
      )
      if (!result.found) return c.json({ error: 'No such lead' }, 404)
      log.info('lead-status-set', { lead: leadId, status: change.status, via: 'crm' })
      if (events) options.wakeOutbox()
      return c.json({ status: change.status })
    },
  )
  return app
}
