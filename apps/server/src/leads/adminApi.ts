import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { LEAD_FORMS } from '../../../web/app/forms/leadForms.ts'
import type { LeadDatabase } from './db/database.ts'
import type { LeadFormName } from './db/tables.ts'
import type { LeadConfig } from './leadConfig.ts'
import { deliveryCounts, findLead, type LeadListState, leadCounts, listLeads, replayLead } from './leadStore.ts'

const LIST_STATES: readonly LeadListState[] = [
  'pending',
  'delivered',
  'misconfigured',
  'dead',
  'quarantined',
  'undelivered',
]

/**
 * The operator's API (`pnpm leads` uses it while the server runs, since the embedded store is one
 * process's): leads with their delivery and attempts, replay, health. Every route needs the admin token
 * as a Bearer token; no lead is readable without it.
 */
export function adminApi(options: { store: LeadDatabase; config: LeadConfig; wakeOutbox: () => void }): Hono {
  const { store, config } = options
  const { db } = store
  const app = new Hono()

  app.use('/api/admin/*', async (c, next) => {
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    if (!sameSecret(given, config.adminToken)) return c.json({ error: 'The admin token is required' }, 401)
    c.header('cache-control', 'no-store')
    await next()
  })

  app.get('/api/admin/health', async (c) =>
    c.json({
      store: store.kind,
      webhooks: Object.fromEntries(LEAD_FORMS.map((form) => [form, Boolean(config.webhooks[form])])),
      leads: await leadCounts(db),
      deliveries: await deliveryCounts(db),
    }),
  )

  app.get('/api/admin/leads', async (c) => {
    const form = c.req.query('form')
    const state = c.req.query('state')
    if (form && !(LEAD_FORMS as readonly string[]).includes(form)) return c.json({ error: `No form ${form}` }, 400)
    if (state && !(LIST_STATES as readonly string[]).includes(state)) return c.json({ error: `No state ${state}` }, 400)
    const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 100) || 100))
    const leads = await listLeads(db, {
      form: form as LeadFormName | undefined,
      state: state as LeadListState | undefined,
      limit,
    })
    return c.json({ leads })
  })

  app.get('/api/admin/leads/:id', async (c) => {
    const record = await findLead(db, c.req.param('id')).catch(() => undefined)
    return record ? c.json(record) : c.json({ error: 'No such lead' }, 404)
  })

  app.post('/api/admin/leads/:id/replay', async (c) => {
    const record = await findLead(db, c.req.param('id')).catch(() => undefined)
    if (!record) return c.json({ error: 'No such lead' }, 404)
    const result = await replayLead(db, record.lead.id, {
      now: new Date(),
      deliver: Boolean(config.webhooks[record.lead.form]),
      force: c.req.query('force') === 'true',
    })
    if (result.replayed) options.wakeOutbox()
    return c.json(result, result.replayed ? 202 : 409)
  })

  app.post('/api/admin/replay', async (c) => {
    const state = c.req.query('state')
    if (state !== 'dead' && state !== 'misconfigured' && state !== 'quarantined') {
      return c.json({ error: 'Replay all leads of state dead, misconfigured or quarantined' }, 400)
    }
    const leads = await listLeads(db, { state, limit: 10_000 })
    const replayed: string[] = []
    for (const lead of leads) {
      const deliver = Boolean(config.webhooks[lead.form])
      if ((await replayLead(db, lead.id, { now: new Date(), deliver })).replayed) replayed.push(lead.id)
    }
    if (replayed.length > 0) options.wakeOutbox()
    return c.json({ replayed })
  })

  return app
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
