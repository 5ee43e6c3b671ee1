/**
 * The publisher that stays loaded between publishes, for the publish endpoint and the local Studio
 * (apps/server/src/publish/publishWorker.ts forks it). Each publish is `publish:changed` without starting Node,
 * loading the server bundle and reading the whole dataset again: the bundle is imported once per full
 * build, and the content API re-reads the dataset only when its file changed.
 */
import { loadBuildEnv, publishOrRebuild } from './publishOrRebuild.ts'
import type { PublishReply, PublishRequest } from './publishReport.ts'

const send = (reply: PublishReply) => process.send?.(reply)

const envLoaded = loadBuildEnv()
process.on('message', async ({ documentIds }: PublishRequest) => {
  try {
    await envLoaded
    send({ outcome: await publishOrRebuild(documentIds) })
  } catch (error) {
    send({ error: error instanceof Error ? error.message : String(error) })
  }
})
// The endpoint gone, so is its publisher.
process.on('disconnect', () => process.exit(0))
