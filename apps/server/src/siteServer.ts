import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { leadConfigFromEnv } from './leads/leadConfig.ts'
import { jsonLineLog, type LeadLog, logFailure } from './leads/leadLog.ts'
import { type LeadService, startLeadService } from './leads/leadService.ts'
import { publishRoutes } from './publish/publishRoutes.ts'
import { createStaticHandler } from './static/staticServer.ts'

export { HostingContractError } from './static/staticServer.ts'

export interface SiteServer {
  origin: string
  leads: LeadService
  server: Server
  close: () => Promise<void>
}

/**
 * The production server, one process: the built site by the hosting contract, the lead endpoint and its
 * outbox (`/api/leads/<form>`), the operator's API (`/api/admin/*`) and, with SANITY_WEBHOOK_SECRET, the
 * publish webhook (`/api/publish`). Without `dir`, only the API (the lead server `pnpm studio` starts for
 * its Leads tool, which needs no build).
 */
export async function startSiteServer(options: {
  dir: string | undefined
  port: number
  host: string
  env?: NodeJS.ProcessEnv
  log?: LeadLog
}): Promise<SiteServer> {
  const env = options.env ?? process.env
  const log = options.log ?? jsonLineLog()
  const site = options.dir ? createStaticHandler({ dir: options.dir, compress: true, log: log.error }) : undefined
  // Take links point at this server when no public address is configured (LEAD_TAKE_URL, SITE_URL).
  const takeUrl = env.LEAD_TAKE_URL || env.SITE_URL || `http://${options.host}:${options.port}`
  const leads = await startLeadService(leadConfigFromEnv({ ...env, LEAD_TAKE_URL: takeUrl }), log, {
    siteDir: site?.dir,
  })
  const api = new Hono()
  // Hono's own handler would print the whole error, whose message can quote a query's parameters.
  api.onError((error, c) => {
    logFailure(log, 'api-failed', error, { route: c.req.routePath, method: c.req.method })
    return c.json({ error: 'The server failed to answer this' }, 500)
  })
  api.route('/', leads.app)
  const publishing = env.SANITY_WEBHOOK_SECRET
    ? publishRoutes({
        secret: env.SANITY_WEBHOOK_SECRET,
        deployCommand: env.PUBLISH_DEPLOY_COMMAND,
        catchUpIntervalMs: catchUpInterval(env),
      })
    : undefined
  if (publishing) api.route('/', publishing.app)
  api.all('/api/*', (c) => c.json({ error: 'Not found' }, 404))
  const answerApi = getRequestListener(api.fetch)
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/')) return answerApi(req, res)
    if (site) return site.handle(req, res)
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('This server answers /api/ only\n')
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port, options.host, done)
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${options.host}:${port}`,
    leads,
    server,
    close: async () => {
      await new Promise<void>((done) => {
        server.close(() => done())
        server.closeIdleConnections()
      })
      publishing?.close()
      await leads.close()
    },
  }
}

/** PUBLISH_CATCH_UP_MINUTES: how often the publish endpoint catches up with the content (5; 0: only on start). */
export function catchUpInterval(env: NodeJS.ProcessEnv): number {
  const minutes = Number(env.PUBLISH_CATCH_UP_MINUTES ?? 5)
  return Number.isFinite(minutes) && minutes >= 0 ? minutes * 60_000 : 5 * 60_000
}
