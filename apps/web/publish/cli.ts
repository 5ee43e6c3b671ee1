/**
 * `pnpm publish:changed <documentId>...`: publishes a content change to the built site in place
 * (publish/publishChanged.ts), after a full `pnpm build` and with the same configuration (.env,
 * SITE_URL, CONTENT_SEED_FILE, SITE_BUILD_DIR, SITE_OUT_DIR). Prints what it did as one JSON line.
 *
 * `pnpm publish:changed --release <releaseId>`: the same, onto a copy of the built site, with the content read
 * through the content release (publish/stageRelease.ts): the site as it will be once the release is published.
 */
import { relative } from 'node:path'
import { parseArgs } from 'node:util'
import { loadBuildEnv, publishOrRebuild } from './publishOrRebuild.ts'
import { ReleaseNotStageable, stageRelease } from './stageRelease.ts'

const USAGE = 'Usage: pnpm publish:changed <documentId>...  |  pnpm publish:changed --release <releaseId>'

let args: ReturnType<typeof parse>
try {
  args = parse()
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}
const { values, positionals } = args
const documentIds = positionals.filter((argument) => argument !== '--')
if ((values.release === undefined) === (documentIds.length === 0)) {
  console.error(USAGE)
  process.exit(2)
}
try {
  await loadBuildEnv()
  if (values.release === undefined) await print(await publishOrRebuild(documentIds))
  else {
    const staged = await stageRelease(values.release)
    const dir = relative(process.cwd(), staged.outDir)
    console.error(`[publish] staged: review it with  pnpm preview:serve --dir ${dir} --port 3336`)
    await print(staged)
  }
  process.exit(0)
} catch (error) {
  console.error(`[publish] ${error instanceof Error ? error.message : String(error)}`)
  process.exit(error instanceof ReleaseNotStageable ? 2 : 1)
}

/** Written before exiting: a large report on a pipe would otherwise be cut off by process.exit. */
function print(report: object): Promise<unknown> {
  return new Promise((written) => process.stdout.write(`${JSON.stringify(report)}\n`, written))
}

function parse() {
  return parseArgs({ options: { release: { type: 'string' } }, allowPositionals: true })
}
