import { adminQueryError } from '@site/leads/admin'
import { adminStatusRequestSchema } from '@site/leads/followThrough'
import type { LeadRouting } from '@site/leads/routing'
import { z } from '@site/leads/zod'
import type { Context, Hono } from 'hono'
import type { LeadDb } from '../db/database.ts'
import type { LeadConfig } from '../leadConfig.ts'
import type { LeadLog } from '../leadLog.ts'
import { handBackLead, setLeadStatus, takeLead } from './ownership.ts'
import { lostReasons } from './takeRoutes.ts'

const actorSchema = z.object({ by: z.string().trim().min(1).max(200), via: z.enum(['studio', 'cli']) }).strict()

/**
 * The admin API's follow-through routes (behind its guard, the manage roles): take a lead for someone, hand
 * it back, set its status (the Leads tool and `pnpm leads status`), and the lost reasons to choose from.
 */
export function followThroughAdminRoutes<E extends { Variables: { access: string } }>(
  app: Hono<E>,
  options: {
    db: LeadDb
    config: LeadConfig
    routing?: () => Promise<LeadRouting | undefined>
    wakeOutbox: () => void
    log?: LeadLog
  },
): void {
  const { db, config, log } = options
  const events = Boolean(config.followThrough.eventsWebhookUrl)
  const routing = options.routing ?? (async () => undefined)
  const refused = (c: Context<E>) =>
    c.get('access') === 'manage' ? undefined : c.json({ error: 'Your role may read leads but not change them' }, 403)
  const body = async (c: Context<E>) => c.req.json().catch(() => undefined)

  app.get('/api/admin/lost-reasons', async (c) => c.json({ reasons: await lostReasons(routing) }))

  app.post('/api/admin/leads/:id/status', async (c) => {
    const refusal = refused(c)
    if (refusal) return refusal
    const request = adminStatusRequestSchema.safeParse(await body(c))
    if (!request.success) return c.json(adminQueryError(request.error), 400)
    const { change, by, via } = request.data
    if (change.reason && !(await lostReasons(routing)).includes(change.reason)) {
      return c.json(
        { error: `reason: one of ${(await lostReasons(routing)).join(', ')}`, field: 'change.reason', issues: [] },
        400,
      )
    }
    const id = c.req.param('id') ?? ''
    const result = await setLeadStatus(db, id, change, { by, via, now: new Date(), events }).catch(() => ({
      found: false,
    }))
    if (!result.found) return c.json({ error: 'No such lead' }, 404)
    log?.info('lead-status-set', { lead: id, status: change.status, via })
    if (events) options.wakeOutbox()
    return c.json({ status: change.status })
  })

  app.post('/api/admin/leads/:id/take', async (c) => {
    const refusal = refused(c)
    if (refusal) return refusal
    const request = actorSchema.safeParse(await body(c))
    if (!request.success) return c.json(adminQueryError(request.error), 400)
    const id = c.req.param('id') ?? ''
    const outcome = await takeLead(db, id, { ...request.data, now: new Date(), events }).catch(() => undefined)
    if (!outcome || (!outcome.taken && outcome.reason === 'no-such-lead')) return c.json({ error: 'No such lead' }, 404)
    if (outcome.taken && events) options.wakeOutbox()
    return c.json(
      { taken: outcome.taken, owner: outcome.owner, takenAt: outcome.takenAt?.toISOString() ?? null },
      outcome.taken ? 200 : 409,
    )
  })

  app.post('/api/admin/leads/:id/hand-back', async (c) => {
    const refusal = refused(c)
    if (refusal) return refusal
    const request = actorSchema.safeParse(await body(c))
    if (!request.success) return c.json(adminQueryError(request.error), 400)
    const id = c.req.param('id') ?? ''
    const result = await handBackLead(db, id, { ...request.data, now: new Date(), events }).catch(() => undefined)
    if (!result) return c.json({ error: 'No such lead' }, 404)
    if (result.handedBack && events) options.wakeOutbox()
    return c.json(result, result.handedBack ? 200 : 409)
  })
}
