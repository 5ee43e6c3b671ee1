import { timingSafeEqual } from 'node:crypto'
import { LEAD_LIST_STATES, type LeadListState } from '@site/leads/admin'
import { LEAD_FORMS } from '@site/leads/forms'
import { type Context, Hono } from 'hono'
import { stream } from 'hono/streaming'
import type { LeadDatabase } from './db/database.ts'
import type { LeadFormName } from './db/tables.ts'
import type { LeadConfig } from './leadConfig.ts'
import { leadCsvHeader, leadCsvRow } from './leadCsv.ts'
import type { LeadLog } from './leadLog.ts'
import { type LeadAccess, SanityUnavailableError, type SessionCheck, sanityTokenChecker } from './sanityAuth.ts'
import { replayLead } from './store/deliveryQueue.ts'
import { forgetPerson } from './store/erasure.ts'
import { deliveryCounts, exportLeads, findLead, type LeadFilter, leadCounts, listLeads } from './store/queries.ts'

type Env = { Variables: { access: LeadAccess } }

/**
 * The operator's API (`pnpm leads` and the Studio's Leads tool use it; the embedded store is one
 * process's): leads with their attribution, consents, delivery and attempts; replay, release, export and
 * erasure; health. Every route needs a Bearer token: the admin token (everything), or a Studio user's
 * Sanity token, checked against Sanity's `/users/me`, whose project roles decide between reading and
 * managing (replay, release, erase): 401 without a session, 403 for a role that may not, 503 when Sanity
 * cannot say (never access by default). No lead is readable without one. CORS is answered for the Studio's
 * origins only.
 */
export function adminApi(options: {
  store: LeadDatabase
  config: LeadConfig
  wakeOutbox: () => void
  log?: LeadLog
}): Hono<Env> {
  const { store, config, log } = options
  const { db } = store
  const checkSanityToken = config.sanityAuth ? sanityTokenChecker(config.sanityAuth) : undefined
  const app = new Hono<Env>()

  app.use('/api/admin/*', async (c, next) => {
    const origin = c.req.header('origin')
    if (origin && config.studioOrigins.includes(origin)) {
      c.header('access-control-allow-origin', origin)
      c.header('vary', 'Origin')
      if (c.req.method === 'OPTIONS') {
        c.header('access-control-allow-methods', 'GET, POST')
        c.header('access-control-allow-headers', 'authorization, content-type')
        c.header('access-control-max-age', '600')
        return c.body(null, 204)
      }
    }
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    let session: SessionCheck = { signedIn: false }
    if (given && sameSecret(given, config.adminToken)) session = { signedIn: true, access: 'manage' }
    else if (given && checkSanityToken) {
      try {
        session = await checkSanityToken(given)
      } catch (error) {
        if (!(error instanceof SanityUnavailableError)) throw error
        log?.warn('sanity-auth-unavailable', { reason: error.message })
        c.header('retry-after', '30')
        return c.json(
          { error: 'Sanity cannot confirm your session right now, so leads stay closed: try again shortly' },
          503,
        )
      }
    }
    if (!session.signedIn) {
      return c.json({ error: 'A signed-in Studio user with access to leads, or the admin token, is required' }, 401)
    }
    if (session.access === 'none') {
      return c.json({ error: 'Your project role may not see leads: ask a project administrator for one that may' }, 403)
    }
    c.set('access', session.access)
    c.header('cache-control', 'no-store')
    await next()
  })

  /** Replaying, releasing and erasing need the manage roles. */
  const forbidden = (c: Context<Env>) =>
    c.get('access') === 'manage' ? undefined : c.json({ error: 'Your role may read leads but not change them' }, 403)

  app.get('/api/admin/health', async (c) =>
    c.json({
      store: store.kind,
      access: c.get('access'),
      webhooks: Object.fromEntries(LEAD_FORMS.map((form) => [form, Boolean(config.webhooks[form])])),
      leads: await leadCounts(db),
      deliveries: await deliveryCounts(db),
    }),
  )

  app.get('/api/admin/leads', async (c) => {
    const filter = filterOf(c)
    if ('error' in filter) return c.json(filter, 400)
    const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 100) || 100))
    return c.json({ leads: await listLeads(db, { ...filter, limit }) })
  })

  app.get('/api/admin/export.csv', async (c) => {
    const filter = filterOf(c)
    if ('error' in filter) return c.json(filter, 400)
    c.header('content-type', 'text/csv; charset=utf-8')
    c.header('content-disposition', 'attachment; filename="leads.csv"')
    return stream(c, async (out) => {
      await out.write(leadCsvHeader())
      for await (const row of exportLeads(db, filter)) await out.write(leadCsvRow(row.lead, row.state, row.consents))
    })
  })

  app.get('/api/admin/leads/:id', async (c) => {
    const record = await findLead(db, c.req.param('id')).catch(() => undefined)
    return record ? c.json(record) : c.json({ error: 'No such lead' }, 404)
  })

  const replay = async (c: Context<Env>, only?: 'quarantined') => {
    const refused = forbidden(c)
    if (refused) return refused
    const record = await findLead(db, c.req.param('id') ?? '').catch(() => undefined)
    if (!record) return c.json({ error: 'No such lead' }, 404)
    if (only === 'quarantined' && !record.lead.quarantine_reason) {
      return c.json({ replayed: false, reason: 'it is not quarantined' }, 409)
    }
    const result = await replayLead(db, record.lead.id, {
      now: new Date(),
      deliver: Boolean(config.webhooks[record.lead.form]),
      force: c.req.query('force') === 'true',
    })
    if (result.replayed) options.wakeOutbox()
    return c.json(result, result.replayed ? 202 : 409)
  }
  app.post('/api/admin/leads/:id/replay', (c) => replay(c))
  app.post('/api/admin/leads/:id/release', (c) => replay(c, 'quarantined'))

  app.post('/api/admin/replay', async (c) => {
    const refused = forbidden(c)
    if (refused) return refused
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

  /** Erases a person: every lead of the address, its consents, outbox entries and dead letters. */
  app.post('/api/admin/forget', async (c) => {
    const refused = forbidden(c)
    if (refused) return refused
    const body = (await c.req.json().catch(() => ({}))) as { email?: unknown }
    if (typeof body.email !== 'string' || !body.email.includes('@')) {
      return c.json({ error: 'Send {"email": "<address>"}' }, 400)
    }
    // The server keeps no export: a CSV is streamed to whoever asked and never written to disk.
    return c.json({ erased: { ...(await forgetPerson(db, body.email)), exports: 0 } })
  })

  return app
}

function filterOf(c: Context<Env>): LeadFilter | { error: string } {
  const form = c.req.query('form')
  const state = c.req.query('state')
  if (form && !(LEAD_FORMS as readonly string[]).includes(form)) return { error: `No form ${form}` }
  if (state && !(LEAD_LIST_STATES as readonly string[]).includes(state)) return { error: `No state ${state}` }
  const date = (name: string) => {
    const value = c.req.query(name)
    if (!value) return undefined
    const parsed = new Date(value)
    return Number.isNaN(parsed.getTime()) ? null : parsed
  }
  const from = date('from')
  const to = date('to')
  const beforeAt = date('beforeAt')
  const beforeId = c.req.query('beforeId')
  if (from === null || to === null || beforeAt === null) return { error: 'Dates are ISO 8601 date-times' }
  return {
    form: (form || undefined) as LeadFormName | undefined,
    state: (state || undefined) as LeadListState | undefined,
    from,
    to,
    search: c.req.query('q') || undefined,
    before: beforeAt && beforeId ? { receivedAt: beforeAt, id: beforeId } : undefined,
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
