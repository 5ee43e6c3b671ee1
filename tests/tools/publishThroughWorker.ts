/**
 * The `npm test` step's second publish, through the publisher that stays loaded (the publish endpoint's
 * and the local Studio's, apps/server/src/publish/publishWorker.ts): it publishes the documents once with the
 * content in CONTENT_SEED_FILE, then renames the changed content over that file, as the local Content
 * Lake writes it, and publishes them again in the same process. The site must then equal a full build of
 * the changed content: the publisher read the new dataset and did not keep what it loaded before.
 * Usage: tsx tests/tools/publishThroughWorker.ts <changed.ndjson> <documentId>...
 */
import { copyFileSync, renameSync } from 'node:fs'
import { createPublishWorker } from '../../apps/server/src/publish/publishWorker.ts'

const [changed, ...documentIds] = process.argv.slice(2)
const live = process.env.CONTENT_SEED_FILE
if (!changed || documentIds.length === 0 || !live)
  throw new Error(
    'Usage: CONTENT_SEED_FILE=<live.ndjson> tsx tests/tools/publishThroughWorker.ts <changed.ndjson> <id>...',
  )

const publisher = createPublishWorker()
try {
  const before = await publisher.publish(documentIds)
  copyFileSync(changed, `${live}.next`)
  renameSync(`${live}.next`, live)
  const after = await publisher.publish(documentIds)
  console.log(JSON.stringify({ before: before.routes, after: after.routes }))
} finally {
  publisher.close()
}
