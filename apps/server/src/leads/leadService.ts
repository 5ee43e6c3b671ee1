import { Hono } from 'hono'
import { contentQueryFromEnv } from '../contentQuery.ts'
import { type InsightsService, startInsightsService } from '../insights/insightsService.ts'
import { runPeriodically } from '../periodic.ts'
import { adminApi } from './adminApi.ts'
import { type LeadDatabase, openLeadDatabase } from './db/database.ts'
import type { LeadFormName } from './db/tables.ts'
import { type Outbox, startOutbox } from './delivery/outbox.ts'
import { startReleaseAlerts } from './delivery/releaseAlerts.ts'
import { routingReader } from './delivery/routingSource.ts'
import { createMailer } from './delivery/sendMail.ts'
import { crmWebhook } from './followThrough/crmWebhook.ts'
import { startFollowThroughSweep } from './followThrough/rotation.ts'
import { takeLinks } from './followThrough/takeLink.ts'
import { takeRoutes } from './followThrough/takeRoutes.ts'
import { giveawayEndReader } from './giveawayEnd.ts'
import type { LeadConfig } from './leadConfig.ts'
import { leadEndpoint } from './leadEndpoint.ts'
import { type LeadLog, logFailure } from './leadLog.ts'
import { releaseLeasesOfEndedProcesses } from './store/deliveryQueue.ts'
import { eraseExpiredLeads } from './store/retention.ts'

export interface LeadService {
  /** `/api/leads/<form>` and `/api/admin/*`. */
  app: Hono
  store: LeadDatabase
  outbox: Outbox
  /** `/api/insights/events` and `/api/admin/insights`, in the same store. */
  insights: InsightsService
  close: () => Promise<void>
}

/**
 * Opens the lead store, starts delivering its outbox, and answers the lead and admin routes. `siteDir`: the
 * built site the process serves, whose pages the insights count (without it, the content's routes).
 */
export async function startLeadService(
  config: LeadConfig,
  log: LeadLog,
  options: { siteDir?: string } = {},
): Promise<LeadService> {
  const store = await openLeadDatabase(config)
  if (store.imported) log.warn('pglite-store-imported', { kept: store.imported.kept, ...store.imported.counts })
  if (store.kind === 'embedded') {
    const released = await releaseLeasesOfEndedProcesses(store.db)
    if (released > 0)
      log.warn('leases-released', { deliveries: released, reason: 'the process that held them ended mid-send' })
  }
  const mailer = createMailer(config.notify.smtpUrl, config.sendTimeoutMs)
  const content = contentQueryFromEnv()
  const routing = routingReader({ query: content, cacheMs: config.notify.routingCacheMs, log })
  const giveawayEnd = giveawayEndReader({ query: content, cacheMs: config.notify.routingCacheMs, log })
  const outbox = startOutbox({
    db: store.db,
    webhooks: config.webhooks,
    secret: config.webhookSecret,
    withAttribution: config.webhookAttribution,
    policy: config.retry,
    maxConcurrentPerWebhook: config.maxConcurrentPerWebhook,
    pollMs: config.pollMs,
    sendTimeoutMs: config.sendTimeoutMs,
    log,
    notify: {
      config: config.notify,
      mailer,
      takeLinks: takeLinks({
        takeUrl: config.followThrough.takeUrl,
        secret: config.followThrough.takeSecret,
        ttlMs: config.followThrough.takeLinkTtlMs,
      }),
    },
    eventsWebhookUrl: config.followThrough.eventsWebhookUrl,
  })
  const followThrough = startFollowThroughSweep({
    db: store.db,
    config,
    routing,
    log,
    everyMs: Math.max(config.pollMs, 250),
    wakeOutbox: outbox.wake,
  })
  const releaseAlerts = startReleaseAlerts({
    db: store.db,
    query: contentQueryFromEnv(process.env, 'raw'),
    config: config.notify,
    log,
    everyMs: config.notify.releaseAlertPollMs,
    wakeOutbox: outbox.wake,
  })
  const onStored = () => {
    outbox.wake()
    followThrough.wake()
  }
  const app = new Hono()
  app.route('/', leadEndpoint({ db: store.db, config, log, routing, giveawayEnd, onStored }))
  app.route('/', takeRoutes({ db: store.db, config, routing, wakeOutbox: outbox.wake, log }))
  app.route('/', crmWebhook({ db: store.db, config, routing, wakeOutbox: outbox.wake, log }))
  app.route('/', adminApi({ store, config, wakeOutbox: outbox.wake, routing, log }))
  // After the admin API: its middleware on /api/admin/* guards /api/admin/insights too.
  const insights = await startInsightsService({ leadDb: store.db, ...config, log, siteDir: options.siteDir })
  app.route('/', insights.app)
  log.info('lead-store-open', { store: store.kind, location: store.location })
  const retention = startRetentionSweep(store, config, log)
  return {
    app,
    store,
    outbox,
    insights,
    close: async () => {
      await insights.close()
      await retention.stop()
      await followThrough.stop()
      await releaseAlerts.stop()
      await outbox.stop()
      mailer?.close()
      await store.close()
    },
  }
}

/**
 * Erases each form's leads once they are older than its retention period (LEAD_RETENTION_DAYS and
 * LEAD_RETENTION_DAYS_<FORM>): at start, then every LEAD_RETENTION_SWEEP_MINUTES. Logs counts only.
 */
export async function sweepExpiredLeads(store: LeadDatabase, config: LeadConfig, log: LeadLog, now = new Date()) {
  for (const [form, days] of Object.entries(config.retentionDays) as Array<[LeadFormName, number]>) {
    const erased = await eraseExpiredLeads(store.db, form, new Date(now.getTime() - days * 86_400_000))
    if (erased.leads > 0) log.info('leads-expired', { form, days, ...erased })
  }
}

function startRetentionSweep(store: LeadDatabase, config: LeadConfig, log: LeadLog) {
  if (Object.keys(config.retentionDays).length === 0) return { stop: async () => {} }
  return runPeriodically(
    config.retentionSweepMs,
    () => sweepExpiredLeads(store, config, log),
    (error) => logFailure(log, 'retention-sweep-failed', error),
  )
}
