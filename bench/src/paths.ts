import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
export const webDir = join(repoRoot, 'apps', 'web')
export const benchDir = join(repoRoot, 'bench')
/** Published sites of the benchmark builds (git-ignored). */
export const runsDir = join(benchDir, 'runs')
export const seedFile = join(repoRoot, 'content', 'seed.ndjson')
