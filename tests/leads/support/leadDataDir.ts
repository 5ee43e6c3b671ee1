import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openLeadDatabase } from '../../../apps/server/src/leads/db/database'

let template: Promise<string> | undefined

/**
 * A new embedded lead store's data folder, migrated: a copy of one made once per test file, since
 * PGlite's initdb takes seconds and opening an existing folder a fraction of one.
 */
export async function freshLeadDataDir(): Promise<string> {
  template ??= (async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'lead-template-')), 'leads')
    const store = await openLeadDatabase({ dataDir: dir })
    await store.close()
    return dir
  })()
  const copy = join(mkdtempSync(join(tmpdir(), 'lead-store-')), 'leads')
  cpSync(await template, copy, { recursive: true })
  return copy
}
