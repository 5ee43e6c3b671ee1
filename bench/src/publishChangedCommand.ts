import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * `pnpm publish:changed` without pnpm's own start-up, which took longer than the publish; tsx as Node's
 * loader rather than its command, which starts a second process (0.3 s of each publish).
 */
export const PUBLISH_CHANGED = {
  command: process.execPath,
  args: ['--import', 'tsx', join(repoRoot, 'apps', 'web', 'publish', 'cli.ts')],
}
