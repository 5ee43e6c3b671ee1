import type { ExperimentFigures } from '@site/leads/experiments'
import { INSIGHTS_BODY_LIMIT_BYTES, insightBatchSchema } from '@site/leads/insights'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { clientAddressResolver, type TrustProxy } from '../leads/clientAddress.ts'
import type { LeadLog } from '../leads/leadLog.ts'
import type { SpendBetween } from './campaignSpend.ts'
import { campaignAdmission } from './campaignValues.ts'
import { checkRange, insightsReport, type LeadsBetween } from './figures.ts'
import { storeEvents } from './ingest.ts'
import type { InsightsConfig } from './insightsConfig.ts'
import type { SitePages } from './sitePages.ts'
import type { InsightsDb } from './tables.ts'
import { uncountedVisitReason } from './visitCounting.ts'

export interface InsightsRoutesOptions {
  db: InsightsDb
  config: InsightsConfig
  leadsBetween: LeadsBetween
  /** The campaigns' spend (the content's Campaign spend documents): cost per lead in the follow-through figures. */
  spendBetween?: SpendBetween
  hashVisitor: (day: string, site: string, address: string, userAgent: string) => Promise<string>
  /** The site's route list (sitePages.ts): a page view of any other path counts as "(other)". */
  sitePages: SitePages
  /** The proxies trusted to name the client (TRUST_PROXY), as for the lead endpoint. */
  trustProxy: TrustProxy
  /** Origins besides the server's own the site is served from (SITE_URL behind a proxy). */
  allowedOrigins: string[]
  log: LeadLog
  /** Every experiment's figures (experiments/experimentFigures.ts). */
  experiments?: () => Promise<ExperimentFigures[]>
  now?: () => Date
}

/**
 * `POST /api/insights/events`: the recorder's batches. Answers 204 whether it counted them or not (a bot, a
 * visitor with Global Privacy Control): the page learns nothing from it. A body that is not a batch is 400,
 * a large one 413, a client over its rate 429; none of them is ever a 5xx.
 *
 * `GET /api/admin/insights?from=YYYY-MM-DD&to=YYYY-MM-DD`: the figures. Mounted after the admin API, whose
 * middleware on `/api/admin/*` checks the Bearer token for it exactly as for the Leads tool.
 */
export function insightsRoutes(options: InsightsRoutesOptions): Hono {
  const { db, config, log } = options
  const now = options.now ?? (() => new Date())
  const clientAddress = clientAddressResolver(options.trustProxy)
  const limiter = new RateLimiterMemory({ points: config.eventsPerMinute, duration: 60 })
  const screen = { isPage: options.sitePages, admit: campaignAdmission(db, config.newCampaignValuesPerDay) }
  const app = new Hono()

  app.post(
    '/api/insights/events',
    bodyLimit({
      maxSize: INSIGHTS_BODY_LIMIT_BYTES,
      onError: (c) => c.json({ error: `The body is larger than ${INSIGHTS_BODY_LIMIT_BYTES} bytes` }, 413),
    }),
    async (c) => {
      const origin = c.req.header('origin')
      if (origin && !isOwnOrigin(origin, c, options.allowedOrigins)) {
        return c.json({ error: 'Events are accepted from this site only' }, 403)
      }
      const userAgent = c.req.header('user-agent') ?? ''
      if (uncountedVisitReason({ userAgent, secGpc: c.req.header('sec-gpc') })) return c.body(null, 204)
      const type = c.req.header('content-type') ?? ''
      if (!/^(text\/plain|application\/json)\b/i.test(type)) {
        return c.json({ error: 'Send the batch as JSON (text/plain or application/json)' }, 415)
      }
      const parsed = insightBatchSchema.safeParse(parseJson(await c.req.text()))
      if (!parsed.success) return c.json({ error: 'Not a batch of insight events' }, 400)
      const { events } = parsed.data
      const address = clientAddress(c)
      try {
        await limiter.consume(address, events.length)
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        c.header('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))))
        return c.json({ error: 'Too many events from this address' }, 429)
      }
      const at = now()
      try {
        const site = c.req.header('host') ?? ''
        const visitor = await options.hashVisitor(at.toISOString().slice(0, 10), site, address, userAgent)
        await storeEvents(db, screen, events, at, visitor)
      } catch (error) {
        log.error('insights-store-failed', { events: events.length, error: String(error) })
        return c.json({ error: 'The events could not be stored' }, 503)
      }
      return c.body(null, 204)
    },
  )

  app.get('/api/admin/insights', async (c) => {
    const range = checkRange({ from: c.req.query('from'), to: c.req.query('to') })
    if ('error' in range) return c.json(range, 400)
    return c.json(await insightsReport(db, range, options.leadsBetween, options.spendBetween))
  })

  // Every experiment since it started: always-valid figures need the whole run, not a period.
  app.get('/api/admin/insights/experiments', async (c) => c.json(await (options.experiments?.() ?? [])))

  return app
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isOwnOrigin(origin: string, c: Context, allowed: string[]): boolean {
  const host = c.req.header('host')
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return true
  return allowed.includes(origin)
}
