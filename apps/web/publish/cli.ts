/**
 * `pnpm publish:changed <documentId>...`: publishes a content change to the built site in place
 * (publish/publishChanged.ts), after a full `pnpm build` and with the same configuration (.env,
 * SITE_URL, CONTENT_SEED_FILE, SITE_BUILD_DIR, SITE_OUT_DIR). Prints what it did as one JSON line.
 */
import { loadBuildEnv, publishOrRebuild } from './publishOrRebuild.ts'

const documentIds = process.argv.slice(2).filter((argument) => argument !== '--')
if (documentIds.length === 0) {
  console.error('Usage: pnpm publish:changed <documentId>...')
  process.exit(2)
}
try {
  await loadBuildEnv()
  const outcome = await publishOrRebuild(documentIds)
  // Written before exiting: a large report on a pipe would otherwise be cut off by process.exit.
  await new Promise((written) => process.stdout.write(`${JSON.stringify(outcome)}\n`, written))
  process.exit(0)
} catch (error) {
  console.error(`[publish] ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
