/**
 * `npm start` (`pnpm dev`): the site's dev server (apps/web's Vite config, as `react-router dev` starts it)
 * with the lead server at /api/. The lead server is added here, not in the web app's config, so the web app
 * does not depend on the server; the Studio's Preview site (`react-router dev` alone) takes no leads.
 * Usage: pnpm dev [--port 5173] [--host 127.0.0.1] [--strictPort]
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { WEB_APP_DIR } from '@site/web/publish'
import { createServer } from 'vite'
import { surviveClosedOutput } from '../closedOutput.ts'
import { devLeadServer } from '../leads/devLeadServer.ts'
import { loadRootEnvFile } from '../rootEnv.ts'

loadRootEnvFile()
surviveClosedOutput()
// The lead server's settings as `pnpm serve` and the Studio's lead server read them: the root .env under the
// environment, taken before Vite's config adds its mode's files (.env.development, .env.local) for the site.
const leadEnv = { ...process.env }

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, strictPort: { type: 'boolean' } },
})
const server = await createServer({
  root: WEB_APP_DIR,
  configFile: join(WEB_APP_DIR, 'vite.config.ts'),
  server: {
    host: values.host ?? '127.0.0.1',
    ...(values.port ? { port: Number(values.port) } : {}),
    ...(values.strictPort ? { strictPort: true } : {}),
  },
  plugins: [devLeadServer(leadEnv)],
})
await server.listen()
server.printUrls()
server.bindCLIShortcuts({ print: true })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().finally(() => process.exit(0)))
}
