import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The one loader of the lead servers' configuration (`npm start`, `pnpm serve`, the lead server `pnpm studio`
 * starts, and `pnpm leads` / `pnpm insights`): the repository's `.env` under what the environment already sets
 * (the environment wins, an empty value included). Node's own parser; idempotent.
 */
export function loadRootEnvFile(): void {
  const file = fileURLToPath(new URL('../../../.env', import.meta.url))
  if (existsSync(file)) process.loadEnvFile(file)
}
