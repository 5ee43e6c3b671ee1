import { isRunnableDevEnvironment, type Plugin } from 'vite'

type DevLeadServerModule = typeof import('@site/server/dev')

/**
 * The lead endpoint in the site's dev server (`npm start`), as `pnpm serve` answers it (apps/server). A
 * preview dev server (the Studio's Preview tool) takes no leads: it runs beside the site's own.
 */
export function leadServer(): Plugin {
  return {
    name: 'site:lead-server',
    apply: 'serve',
    configureServer(server) {
      const ssr = server.environments.ssr
      if (process.env.VITE_SANITY_PREVIEW === 'true' || !isRunnableDevEnvironment(ssr)) return
      let started: ReturnType<DevLeadServerModule['startDevLeadServer']> | undefined
      // Through the dev server's module runner: the server package is TypeScript, which this config cannot import.
      const start = () => {
        started ??= ssr.runner
          .import<DevLeadServerModule>('@site/server/dev')
          .then((module) => module.startDevLeadServer())
        return started
      }
      // A store that cannot open (a broken DATABASE_URL) costs the forms, not the whole dev server.
      const report = (error: unknown) => server.config.logger.error(`The lead server did not start: ${String(error)}`)
      server.httpServer?.once('listening', () => void start().catch(report))
      server.httpServer?.once('close', () => void started?.then((running) => running.close(), report))
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/api/')) return next()
        start().then(
          (running) => running.handle(req, res),
          (error: unknown) => {
            res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' })
            res.end(JSON.stringify({ error: `The lead server did not start: ${String(error)}` }))
          },
        )
      })
    },
  }
}
