import type { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { contentQueryFromEnv } from '../contentQuery.ts'
import type { TrustProxy } from '../leads/clientAddress.ts'
import type { LeadDb } from '../leads/db/database.ts'
import type { LeadLog } from '../leads/leadLog.ts'
import { runPeriodically } from '../periodic.ts'
import { contentSpend } from './campaignSpend.ts'
import { experimentLeads, experimentsReport, loadExperimentDefinitions } from './experiments/experimentFigures.ts'
import { exposureCounts } from './experiments/exposures.ts'
import type { LeadsBetween } from './figures.ts'
import { type InsightsConfig, insightsConfigFromEnv } from './insightsConfig.ts'
import { insightsRoutes } from './insightsRoutes.ts'
import { leadOutcomes, UNKNOWN_PAGE } from './leadOutcomes.ts'
import { maintainInsights } from './maintenance.ts'
import { migrateInsights } from './migrations.ts'
import { builtSitePages, contentSitePages, OTHER } from './sitePages.ts'
import type { InsightsDb } from './tables.ts'
import { visitorHasher } from './visitorHash.ts'

/** How long the content's route list is used before it is read again (a process without a built site). */
const ROUTES_CACHE_MS = 60_000

export interface InsightsService {
  app: Hono
  db: InsightsDb
  /** Rolls up new events and deletes what is past its retention now (also run every few minutes). */
  maintain: () => Promise<void>
  close: () => Promise<void>
}

/**
 * Insights beside the leads, in the lead store's database: its tables, the ingestion and admin routes, and
 * the upkeep every few minutes (rollup, retention, forgetting the salts of finished days).
 */
export async function startInsightsService(options: {
  leadDb: LeadDb
  trustProxy: TrustProxy
  allowedOrigins: string[]
  log: LeadLog
  config?: InsightsConfig
  env?: NodeJS.ProcessEnv
  /** The built site this process serves (`pnpm serve`): its pages are the route list; else the content's. */
  siteDir?: string
}): Promise<InsightsService> {
  const { log } = options
  const config = options.config ?? insightsConfigFromEnv(options.env)
  // The insights tables live in the lead store's database, beside (and typed apart from) the leads'.
  const db = options.leadDb as Kysely<unknown> as InsightsDb
  await migrateInsights(db as Kysely<unknown>)
  const hasher = visitorHasher(db)
  // The experiments' definitions are content: read where the build reads it (contentQuery.ts).
  const content = contentQueryFromEnv(options.env)
  const sitePages = options.siteDir ? builtSitePages(options.siteDir) : contentSitePages(content, ROUTES_CACHE_MS, log)
  // A lead's landing page is shown as the page views' are: under its path when it is a page of the site.
  const leadsBetween: LeadsBetween = async (from, to) => {
    const outcomes = await leadOutcomes(options.leadDb, from, to)
    const pages = new Map<string, boolean>()
    for (const { landingPage } of outcomes) {
      if (!pages.has(landingPage)) pages.set(landingPage, await sitePages(landingPage))
    }
    return outcomes.map((outcome) =>
      pages.get(outcome.landingPage) || outcome.landingPage === UNKNOWN_PAGE
        ? outcome
        : { ...outcome, landingPage: OTHER },
    )
  }
  const maintain = async () => {
    const done = await maintainInsights(db, config, hasher.forgetBefore)
    // Every upkeep rolls up the last minutes: only deletions are worth a line.
    if (done.rawDeleted > 0 || done.rollupRowsDeleted > 0) {
      log.info('insights-maintained', {
        rolledUp: done.rolledUp.join(','),
        rawDeleted: done.rawDeleted,
        rollupRowsDeleted: done.rollupRowsDeleted,
      })
    }
  }
  const upkeep = runPeriodically(config.maintenanceMs, maintain, (error) =>
    log.error('insights-maintenance-failed', { error: String(error) }),
  )
  return {
    app: insightsRoutes({
      db,
      config,
      leadsBetween,
      spendBetween: contentSpend(content),
      hashVisitor: hasher.hash,
      sitePages,
      trustProxy: options.trustProxy,
      allowedOrigins: options.allowedOrigins,
      log,
      experiments: () =>
        experimentsReport({
          definitions: () => loadExperimentDefinitions(content),
          exposures: () => exposureCounts(db),
          leads: () => experimentLeads(options.leadDb),
        }),
    }),
    db,
    maintain,
    close: upkeep.stop,
  }
}
