/**
 * `pnpm serve`: the production server (docs/hosting.md): the built site, the lead
 * endpoint with its outbox, the operator's API and, with SANITY_WEBHOOK_SECRET, the publish webhook.
 * Usage: pnpm serve [--dir apps/web/dist] [--port 4173] [--host 127.0.0.1]   (or PORT, HOST)
 */
import { parseArgs } from 'node:util'
import { surviveClosedOutput } from '../closedOutput.ts'
import { ConfigurationError, jsonLineLog, logFailure } from '../leads/leadLog.ts'
import { loadRootEnvFile } from '../rootEnv.ts'
import { HostingContractError, startSiteServer } from '../siteServer.ts'

loadRootEnvFile()
surviveClosedOutput()

// Node would print an unhandled error whole (its message can quote a query's parameters or a row): the log
// gets its class and code, and the process ends as it would have.
const log = jsonLineLog()
process.on('uncaughtException', (error) => {
  logFailure(log, 'server-crashed', error)
  process.exit(1)
})
process.on('unhandledRejection', (error) => logFailure(log, 'unhandled-rejection', error))

const { values } = parseArgs({
  options: { dir: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } },
})
const server = await startSiteServer({
  dir: values.dir ?? 'apps/web/dist',
  port: Number(values.port ?? process.env.PORT ?? 4173),
  host: values.host ?? process.env.HOST ?? '127.0.0.1',
  log,
}).catch((error: unknown) => {
  if (!(error instanceof HostingContractError || error instanceof ConfigurationError)) throw error
  console.error(error.message)
  process.exit(1)
})
console.log(`Serving ${values.dir ?? 'apps/web/dist'} with the lead endpoint on ${server.origin}`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    // Sends in flight are recorded before the store closes: none is left to a lease.
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
