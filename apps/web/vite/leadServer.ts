import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { isRunnableDevEnvironment, type Plugin } from 'vite'

type DevLeadServerModule = typeof import('@site/server/dev')

/**
 * Forwards a request to the lead server at `target`, with the browser's own Host, Origin and Referer, so
 * that server takes the post as one made to its own origin and records the page the visitor was on.
 */
function forward(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const upstream = httpRequest(
    { hostname: target.hostname, port: target.port || 80, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    },
  )
  upstream.on('error', (error) => {
    if (res.headersSent) return res.destroy()
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' })
    res.end(JSON.stringify({ error: `The lead server at ${target.origin} cannot be reached: ${error.message}` }))
  })
  req.pipe(upstream)
}

/**
 * The lead endpoint in the site's dev server (`npm start`), as `pnpm serve` answers it (apps/server). A
 * preview dev server (the Studio's Preview tool) takes no leads: it runs beside the site's own, and the
 * embedded store is one process's. With DEV_LEADS_PROXY_URL the dev server opens no store and forwards
 * `/api/` to the lead server there (the Studio tests: the dev site they edit posts to the Leads tool's server).
 */
export function leadServer(): Plugin {
  return {
    name: 'site:lead-server',
    apply: 'serve',
    configureServer(server) {
      const ssr = server.environments.ssr
      if (process.env.VITE_SANITY_PREVIEW === 'true' || !isRunnableDevEnvironment(ssr)) return
      if (process.env.DEV_LEADS_PROXY_URL) {
        const target = new URL(process.env.DEV_LEADS_PROXY_URL)
        server.middlewares.use((req, res, next) => (req.url?.startsWith('/api/') ? forward(target, req, res) : next()))
        return
      }
      let started: ReturnType<DevLeadServerModule['startDevLeadServer']> | undefined
      // Through the dev server's module runner: the server package is TypeScript, which this config cannot import.
      const start = () => {
        started ??= ssr.runner
          .import<DevLeadServerModule>('@site/server/dev')
          .then((module) => module.startDevLeadServer())
        return started
      }
      // A store that cannot open (another process holds it) costs the forms, not the whole dev server.
      const report = (error: unknown) => server.config.logger.error(`The lead server did not start: ${String(error)}`)
      server.httpServer?.once('listening', () => void start().catch(report))
      server.httpServer?.once('close', () => void started?.then((running) => running.close(), report))
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/api/')) return next()
        start().then(
          (running) =>
            'forwardTo' in running ? forward(new URL(running.forwardTo), req, res) : running.handle(req, res),
          (error: unknown) => {
            res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' })
            res.end(JSON.stringify({ error: `The lead server did not start: ${String(error)}` }))
          },
        )
      })
    },
  }
}
