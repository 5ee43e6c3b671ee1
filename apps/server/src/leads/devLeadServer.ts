import { getRequestListener } from '@hono/node-server'
import type { Plugin } from 'vite'
import { leadConfigFromEnv } from './leadConfig.ts'
import { jsonLineLog } from './leadLog.ts'
import { startLeadService } from './leadService.ts'

/**
 * The lead endpoint, outbox and operator's API at /api/ in the site's dev server (`npm start`,
 * entries/dev.ts), as `pnpm serve` answers them: same store, same configuration (`env`: the root .env under
 * the environment, as entries/dev.ts read it). The embedded store is
 * shared, so `pnpm serve`, `pnpm studio` and `pnpm leads` can have it open too.
 */
export function devLeadServer(env: NodeJS.ProcessEnv): Plugin {
  return {
    name: 'site:lead-server',
    apply: 'serve',
    configureServer(server) {
      let started: ReturnType<typeof start> | undefined
      const start = async () => {
        const service = await startLeadService(leadConfigFromEnv(env), jsonLineLog())
        return { listener: getRequestListener(service.app.fetch), close: service.close }
      }
      const running = () => {
        started ??= start()
        return started
      }
      // A store that cannot open (a broken DATABASE_URL) costs the forms, not the whole dev server.
      const report = (error: unknown) => server.config.logger.error(`The lead server did not start: ${String(error)}`)
      server.httpServer?.once('listening', () => void running().catch(report))
      server.httpServer?.once('close', () => void started?.then((service) => service.close(), report))
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/api/')) return next()
        running().then(
          (service) => void service.listener(req, res),
          (error: unknown) => {
            res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' })
            res.end(JSON.stringify({ error: `The lead server did not start: ${String(error)}` }))
          },
        )
      })
    },
  }
}
