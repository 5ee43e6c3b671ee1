/**
 * `pnpm publish:server`: the publish endpoint alone (docs/publishing.md, "The publish endpoint"), for a machine that keeps
 * the build. SANITY_WEBHOOK_SECRET (required), PUBLISH_PORT (4600), PUBLISH_HOST (127.0.0.1),
 * PUBLISH_DEPLOY_COMMAND, PUBLISH_CATCH_UP_MINUTES (5; 0: catch up only on start).
 */

import { surviveClosedOutput } from '../closedOutput.ts'
import { startPublishServer } from '../publish/startPublishServer.ts'
import { catchUpInterval } from '../siteServer.ts'

surviveClosedOutput()
const secret = process.env.SANITY_WEBHOOK_SECRET
if (!secret) throw new Error('Set SANITY_WEBHOOK_SECRET to the secret of the Sanity webhook')
const server = await startPublishServer({
  secret,
  port: Number(process.env.PUBLISH_PORT ?? 4600),
  host: process.env.PUBLISH_HOST || '127.0.0.1',
  deployCommand: process.env.PUBLISH_DEPLOY_COMMAND || undefined,
  catchUpIntervalMs: catchUpInterval(process.env),
  onCatchUp: ({ since, until, documentIds }) =>
    console.log(`[publish] catch-up from ${since} to ${until}: ${documentIds.join(' ') || 'nothing changed'}`),
})
console.log(`Publish endpoint on ${server.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)))
}
