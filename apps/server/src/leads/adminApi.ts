import { timingSafeEqual } from 'node:crypto'
import {
  adminQueryError,
  forgetRequestSchema,
  type LeadReleaseJson,
  type LeadReplayJson,
  type LeadRoutingInUseJson,
  type LeadSpamJson,
  leadListQuerySchema,
  type QuarantineCountsJson,
  quarantineCountsQuerySchema,
} from '@site/leads/admin'
import { LEAD_FORMS } from '@site/leads/forms'
import type { LeadRouting } from '@site/leads/routing'
import type { z } from '@site/leads/zod'
import { type Context, Hono } from 'hono'
import type { LeadDatabase } from './db/database.ts'
import type { JsonObject, LeadFormName } from './db/tables.ts'
import { withoutConfirmation } from './delivery/confirmationLimits.ts'
import { missingSettings, sendingSettings } from './delivery/missingSettings.ts'
import { planNotifications } from './delivery/routing.ts'
import { followThroughAdminRoutes } from './followThrough/followThroughAdmin.ts'
import type { LeadConfig } from './leadConfig.ts'
import { leadCsvHeader, leadCsvRow } from './leadCsv.ts'
import { type LeadLog, logFailure } from './leadLog.ts'
import { type LeadAccess, SanityUnavailableError, type SessionCheck, sanityTokenChecker } from './sanityAuth.ts'
import { replayLead } from './store/deliveryQueue.ts'
import { forgetPerson } from './store/erasure.ts'
import {
  deliveryCounts,
  exportLeads,
  findLead,
  type LeadFilter,
  leadCounts,
  leadIdsStartingWith,
  listLeads,
} from './store/queries.ts'
import { markLeadSpam, quarantineCounts, releaseLead } from './store/review.ts'

type Env = { Variables: { access: LeadAccess } }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The operator's API (`pnpm leads` and the Studio's Leads tool use it; the embedded store is one
 * process's): leads with their attribution, consents, delivery and attempts; replay, release, export and
 * erasure; health. Every route needs a Bearer token: the admin token (everything); with a Sanity project,
 * a Studio user's Sanity token, checked against Sanity's `/users/me`, whose project roles decide between
 * reading and managing (replay, release, erase), 503 when Sanity cannot say (never access by default); with
 * none, the local Content Lake's editor token, compared with the one `pnpm studio` made (no request leaves
 * the server). Anything else is 401, a role that may not is 403. Every query parameter is checked by the
 * schema the Leads tool builds it with (@site/leads/admin): 400 naming the field. CORS is answered for the
 * Studio's origins only.
 */
export function adminApi(options: {
  store: LeadDatabase
  config: LeadConfig
  wakeOutbox: () => void
  /** The routing document as last read: a released lead is notified as routed now. */
  routing?: () => Promise<LeadRouting | undefined>
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
    else if (given && config.localEditor && sameSecret(given, config.localEditor.token() ?? '')) {
      session = { signedIn: true, access: config.localEditor.access }
    } else if (given && checkSanityToken) {
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
      sending: sendingSettings(config),
      leads: await leadCounts(db),
      deliveries: await deliveryCounts(db),
      ...(options.routing ? { routing: routingInUse(await options.routing()) } : {}),
    }),
  )

  app.get('/api/admin/leads', async (c) => {
    const query = leadListQuerySchema.safeParse(c.req.query())
    if (!query.success) return c.json(adminQueryError(query.error), 400)
    return c.json({ leads: await listLeads(db, { ...filterOf(query.data), limit: query.data.limit ?? 100 }) })
  })

  app.get('/api/admin/export.csv', async (c) => {
    const query = leadListQuerySchema.safeParse(c.req.query())
    if (!query.success) return c.json(adminQueryError(query.error), 400)
    const rows = exportLeads(db, filterOf(query.data))
    // The first page is read before the answer starts: a store that fails answers 500, not an empty CSV.
    const first = await rows.next()
    // Through the context, so the answer keeps the CORS and cache headers the guard above set.
    c.header('content-type', 'text/csv; charset=utf-8')
    c.header('content-disposition', 'attachment; filename="leads.csv"')
    return c.body(csvStream(first, rows, log))
  })

  /** A lead by its id, or by the start of its id when only one lead's id starts so (409 when several do). */
  app.get('/api/admin/leads/:id', async (c) => {
    const given = c.req.param('id')
    const ids = UUID.test(given) ? [given] : await leadIdsStartingWith(db, given)
    if (ids.length > 1) {
      return c.json({ error: `More than one lead's id starts with ${given}: give more of the id` }, 409)
    }
    const record = ids[0] ? await findLead(db, ids[0]).catch(() => undefined) : undefined
    return record ? c.json(record) : c.json({ error: 'No such lead' }, 404)
  })

  /**
   * The notifications a lead gets as routed now, with no visitor confirmation: only a lead that passed every check
   * when it came gets one (a released or replayed lead does not).
   */
  const routedNow = async (lead: { form: LeadFormName; payload: JsonObject }, now: Date) =>
    withoutConfirmation(
      planNotifications({
        form: lead.form,
        payload: lead.payload,
        routing: await options.routing?.(),
        config: config.notify,
        now,
      }),
    )

  /** A lead sent again: its webhook, and its e-mail and chat notifications (LeadReplayJson). */
  app.post('/api/admin/leads/:id/replay', async (c) => {
    const refused = forbidden(c)
    if (refused) return refused
    const record = await findLead(db, c.req.param('id')).catch(() => undefined)
    if (!record) return c.json({ error: 'No such lead' }, 404)
    const now = new Date()
    const result = await replayLead(db, record.lead.id, {
      now,
      deliver: Boolean(config.webhooks[record.lead.form]),
      force: c.req.query('force') === 'true',
      notifications: await routedNow(record.lead, now),
    })
    if (result.replayed) options.wakeOutbox()
    const answer: LeadReplayJson = result.replayed
      ? { replayed: true, missing: missingSettings(config, record.lead.form, result.notifications) }
      : { replayed: false, reason: result.reason ?? 'nothing to send again' }
    return c.json(answer, result.replayed ? 202 : 409)
  })

  /** "Not spam": a quarantined lead or a repeat becomes an ordinary lead, delivered as any (LeadReleaseJson). */
  app.post('/api/admin/leads/:id/release', async (c) => {
    const refused = forbidden(c)
    if (refused) return refused
    const record = await findLead(db, c.req.param('id')).catch(() => undefined)
    if (!record) return c.json({ error: 'No such lead' }, 404)
    const now = new Date()
    const notifications = await routedNow(record.lead, now)
    const result = await releaseLead(db, record.lead.id, {
      now,
      deliver: Boolean(config.webhooks[record.lead.form]),
      notifications,
    })
    if (result.released) options.wakeOutbox()
    if (result.released) log?.info('lead-released', { lead: record.lead.id, form: record.lead.form })
    const destinations = notifications.deliveries.map((delivery) => delivery.destination)
    const answer: LeadReleaseJson = result.released
      ? { ...result, missing: missingSettings(config, record.lead.form, { all: destinations, waiting: destinations }) }
      : result
    return c.json(answer, result.released ? 202 : 409)
  })

  /** "Spam": the team's judgement on a lead it received (LeadSpamJson); a held lead answers 409. */
  app.post('/api/admin/leads/:id/spam', async (c) => {
    const refused = forbidden(c)
    if (refused) return refused
    const result = await markLeadSpam(db, c.req.param('id'), new Date()).catch(() => undefined)
    if (!result?.found) return c.json({ error: 'No such lead' }, 404)
    const answer: LeadSpamJson = {
      markedSpam: result.markedSpam,
      markedSpamAt: result.markedSpamAt?.toISOString() ?? null,
      ...(result.reason ? { reason: result.reason } : {}),
    }
    return c.json(answer, result.markedSpam ? 200 : 409)
  })

  followThroughAdminRoutes(app, { db, config, routing: options.routing, wakeOutbox: options.wakeOutbox, log })

  app.get('/api/admin/quarantine/counts', async (c) => {
    const query = quarantineCountsQuerySchema.safeParse(c.req.query())
    if (!query.success) return c.json(adminQueryError(query.error), 400)
    const days = query.data.days ?? 30
    const today = new Date(new Date().toISOString().slice(0, 10))
    const from = new Date(today.getTime() - (days - 1) * 86_400_000)
    const answer: QuarantineCountsJson = {
      days,
      from: from.toISOString().slice(0, 10),
      counts: await quarantineCounts(db, store.kind, from),
    }
    return c.json(answer)
  })

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
      const now = new Date()
      const record = await findLead(db, lead.id).catch(() => undefined)
      if (!record) continue
      const notifications = await routedNow(record.lead, now)
      if ((await replayLead(db, lead.id, { now, deliver, notifications })).replayed) replayed.push(lead.id)
    }
    if (replayed.length > 0) options.wakeOutbox()
    return c.json({ replayed })
  })

  /** Erases a person: every lead of the address, its consents, outbox entries and dead letters. */
  app.post('/api/admin/forget', async (c) => {
    const refused = forbidden(c)
    if (refused) return refused
    const body = forgetRequestSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!body.success) return c.json({ ...adminQueryError(body.error), error: 'Send {"email": "<address>"}' }, 400)
    // The server keeps no export: a CSV is streamed to whoever asked and never written to disk.
    return c.json({ erased: { ...(await forgetPerson(db, body.data.email)), exports: 0 } })
  })

  app.onError((error, c) => {
    if (log) logFailure(log, 'admin-api-failed', error, { route: c.req.routePath, method: c.req.method })
    return c.json({ error: 'The lead server failed to answer this: see its log' }, 500)
  })

  return app
}

function filterOf(query: LeadListQueryValues): LeadFilter {
  return {
    form: query.form,
    state: query.state,
    from: query.from,
    to: query.to,
    search: query.q || undefined,
    before: query.beforeAt && query.beforeId ? { receivedAt: query.beforeAt, id: query.beforeId } : undefined,
  }
}

type LeadListQueryValues = z.output<typeof leadListQuerySchema>
type ExportRow = ReturnType<typeof exportLeads> extends AsyncGenerator<infer Row> ? Row : never

/** The CSV, a row at a time; a store failing part-way ends the answer with an error, never as a complete file. */
function csvStream(
  first: IteratorResult<ExportRow>,
  rest: AsyncGenerator<ExportRow>,
  log: LeadLog | undefined,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let pending: IteratorResult<ExportRow> | undefined = first
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(leadCsvHeader()))
    },
    async pull(controller) {
      try {
        const next = pending ?? (await rest.next())
        pending = undefined
        if (next.done) return controller.close()
        controller.enqueue(
          encoder.encode(
            leadCsvRow(
              next.value.lead,
              next.value.state,
              next.value.deliveryKinds,
              next.value.consents,
              next.value.events,
            ),
          ),
        )
      } catch (error) {
        if (log) logFailure(log, 'lead-export-failed', error)
        controller.error(new Error('The export failed part-way'))
      }
    },
    async cancel() {
      await rest.return(undefined)
    },
  })
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Which published routing document this server routes by now (it keeps one read for LEAD_ROUTING_CACHE_MS). */
function routingInUse(routing: LeadRouting | undefined): LeadRoutingInUseJson | null {
  return routing ? { rev: routing._rev, rules: routing.rules.length, rotation: routing.rotation.length } : null
}
