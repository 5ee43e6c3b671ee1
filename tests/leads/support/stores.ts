import { rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { inject } from 'vitest'
import { freshLeadDataDir } from './leadDataDir'
import { createDatabase } from './postgres'

/** Every lead test runs on both stores: the embedded one (SQLite) and a real PostgreSQL server. */
export const STORES = ['embedded', 'postgres'] as const
export type StoreKind = (typeof STORES)[number]

/** The environment that points a lead server at a new, empty store of `kind`, and how to remove it. */
export async function newStore(kind: StoreKind): Promise<{ env: Record<string, string>; remove: () => void }> {
  if (kind === 'postgres') {
    return { env: { DATABASE_URL: await createDatabase(inject('postgresUrl')) }, remove: () => {} }
  }
  const dataDir = await freshLeadDataDir()
  return { env: { LEADS_DATA_DIR: dataDir }, remove: () => rmSync(dirname(dataDir), { recursive: true, force: true }) }
}
