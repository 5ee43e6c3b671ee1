import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A new embedded lead store's data folder (not yet made: the first process to open it does). */
export async function freshLeadDataDir(): Promise<string> {
  return join(mkdtempSync(join(tmpdir(), 'lead-store-')), 'leads')
}
