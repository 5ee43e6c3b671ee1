import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The repository's `.env` (as the dev server and the build read it), under what the environment already sets. */
export function loadRootEnvFile(): void {
  const file = fileURLToPath(new URL('../../../.env', import.meta.url))
  if (existsSync(file)) process.loadEnvFile(file)
}
