import { dirname, join } from 'node:path'
import { EMBEDDED_PROJECT_ID } from '../config'
import { seedFilePath } from '../dataset'
import { startContentLake } from './server'
import { webhooksFromEnv } from './webhooks'

// `pnpm --filter @site/content-api lake`: the local Content Lake alone, without the Studio (a script's,
// a test's or a second process's lake), with its release scheduler and webhooks.
const token = process.env.CONTENT_LAKE_TOKEN
if (!token) {
  console.error('CONTENT_LAKE_TOKEN is not set: the lake needs the local editor token it accepts')
  process.exit(2)
}
const seedFile = seedFilePath()
const lake = await startContentLake({
  seedFile,
  port: Number(process.env.CONTENT_LAKE_PORT ?? 3334),
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || EMBEDDED_PROJECT_ID,
  token,
  allowedOrigins: [],
  webhooks: webhooksFromEnv(join(dirname(seedFile), '..', '.lake')),
})
console.log(`Local Content Lake on ${lake.apiHost}, writing ${seedFile}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void lake.close().then(() => process.exit(0))
  })
}
