/**
 * Serves a built site exactly as the hosting contract says (docs/hosting.md, "Hosting contract"), and nothing else:
 * `pnpm preview:serve` for the preview build, which has no forms to store.
 * Usage: pnpm preview:serve (node apps/server/run.mjs previewServe) [--dir apps/web/dist] [--port 4173]
 */
import { parseArgs } from 'node:util'
import { surviveClosedOutput } from '../closedOutput.ts'
import { HostingContractError, startStaticServer } from '../static/staticServer.ts'

surviveClosedOutput()
const { values } = parseArgs({ options: { dir: { type: 'string' }, port: { type: 'string' } } })
const server = await startStaticServer({
  dir: values.dir ?? 'apps/web/dist',
  port: Number(values.port ?? process.env.PORT ?? 4173),
}).catch((error: unknown) => {
  if (!(error instanceof HostingContractError)) throw error
  console.error(error.message)
  process.exit(1)
})
console.log(`Serving ${server.dir} on ${server.origin}`)
