import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jsonLineLog } from '../../apps/server/src/leads/leadLog.ts'
import { startSiteServer } from '../../apps/server/src/siteServer.ts'

/**
 * A build served as `pnpm serve` serves it: the hosting contract, and the lead and insights endpoints, so a
 * page's beacon and a form's proof-of-work challenge are answered as in production (a static server answers
 * their requests 405 and 404). Its store is a scratch folder, removed on close; its log is kept to errors.
 */
export async function startProductionServer(dir: string, port: number): Promise<{ close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-leads-'))
  const errorsOnly = jsonLineLog()
  const site = await startSiteServer({
    dir,
    port,
    host: '127.0.0.1',
    env: { ...process.env, LEADS_DATA_DIR: dataDir, DATABASE_URL: '' },
    log: { info: () => {}, warn: errorsOnly.warn, error: errorsOnly.error },
  })
  return {
    close: async () => {
      await site.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
