import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { openSqliteFile, SQLITE_FILE, type SqliteConnection } from './sqliteFile.ts'

/**
 * Carries a data folder made by the earlier embedded store (PGlite, up to November 2026) over to SQLite,
 * on the first start that finds one: every lead, consent, delivery and attempt, checked by count. The new
 * store is made beside it (`<dataDir>.importing`), the old folder is kept as `<dataDir>.pglite-<time>`, and
 * only then does the new one take its place. Several processes starting at once: one imports, the others
 * wait for it; an import cut short is started again (the old folder is untouched until the end).
 * `pnpm leads import-pglite` is not needed: any process that opens the store does it.
 */
export async function importPgliteStoreIfAny(dataDir: string): Promise<PgliteImport | undefined> {
  const staging = `${dataDir}.importing`
  for (;;) {
    if (existsSync(staging)) {
      if (existsSync(join(staging, COMPLETE)) && !existsSync(dataDir)) publish(staging, dataDir)
      else if (ownerRunning(staging)) await new Promise((resolve) => setTimeout(resolve, 100))
      else rmSync(staging, { recursive: true, force: true }) // an import cut short: the old folder is still there
      continue
    }
    if (!existsSync(join(dataDir, 'PG_VERSION'))) return undefined
    if (claim(dataDir, staging)) break
  }
  try {
    const counts = await copyPgliteStore(dataDir, join(staging, SQLITE_FILE))
    writeFileSync(join(staging, COMPLETE), JSON.stringify(counts))
    const kept = `${dataDir}.pglite-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(dataDir, kept)
    publish(staging, dataDir)
    rmSync(`${dataDir}.lock`, { force: true }) // the PGlite store's lock file, from its last process
    return { kept, counts }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    throw error
  }
}

export interface PgliteImport {
  /** Where the PGlite folder now is. */
  kept: string
  counts: Record<(typeof TABLES)[number], number>
}

const OWNER = 'importing-process'
const COMPLETE = 'import-complete'
const TABLES = ['leads', 'lead_consents', 'deliveries', 'delivery_attempts'] as const

/** Takes the import for this process: a folder named with its pid, renamed into place (atomic; one wins). */
function claim(dataDir: string, staging: string): boolean {
  const mine = mkdtempSync(join(dirname(dataDir), `${basename(dataDir)}.claim-`))
  writeFileSync(join(mine, OWNER), String(process.pid))
  try {
    renameSync(mine, staging)
    return true
  } catch {
    rmSync(mine, { recursive: true, force: true })
    return false
  }
}

function publish(staging: string, dataDir: string): void {
  try {
    renameSync(staging, dataDir)
  } catch (error) {
    if (existsSync(staging)) throw error // else another process published it first
  }
  rmSync(join(dataDir, OWNER), { force: true })
  rmSync(join(dataDir, COMPLETE), { force: true })
}

function ownerRunning(staging: string): boolean {
  try {
    process.kill(Number(readFileSync(join(staging, OWNER), 'utf8')), 0)
    return true
  } catch {
    return false
  }
}

/** Rows as PGlite returns them for the selects below. */
type Row = Record<string, unknown>

async function copyPgliteStore(pgliteDir: string, sqliteFile: string): Promise<PgliteImport['counts']> {
  const { PGlite } = await import('@electric-sql/pglite')
  const pglite = await PGlite.create({ dataDir: pgliteDir })
  const sqlite = openSqliteFile(sqliteFile)
  try {
    const read = async (query: string) => (await pglite.query<Row>(query)).rows
    const hasAttribution = (
      await read(`select 1 from information_schema.columns where table_name = 'leads' and column_name = 'attribution'`)
    ).length
    const hasConsents = (await read(`select 1 from information_schema.tables where table_name = 'lead_consents'`))
      .length
    const leads = await read(
      `select id::text, form, idempotency_key, payload::text as payload, received_at, quarantine_reason,
        ${hasAttribution ? 'attribution::text as attribution, search_text' : 'null as attribution, null as search_text'}
       from leads`,
    )
    const consents = hasConsents ? await read('select * from lead_consents') : []
    // Its destinations were the form's name: a webhook's destination is `webhook:<form>` now (0004).
    const deliveries = (await read('select * from deliveries')).map((row) => ({
      ...row,
      destination: String(row.destination).includes(':') ? row.destination : `webhook:${String(row.destination)}`,
    }))
    const attempts = await read('select * from delivery_attempts')
    sqlite.exec('begin immediate')
    try {
      insertAll(sqlite, 'leads', leads)
      insertAll(sqlite, 'lead_consents', consents)
      insertAll(sqlite, 'deliveries', deliveries)
      insertAll(sqlite, 'delivery_attempts', attempts)
      sqlite.exec('commit')
    } catch (error) {
      sqlite.exec('rollback')
      throw error
    }
    const counts = Object.fromEntries(
      TABLES.map((table) => [table, Number(sqlite.prepare(`select count(*) as n from ${table}`).get()?.n)]),
    ) as PgliteImport['counts']
    const expected = { leads: leads.length, lead_consents: consents.length, deliveries: deliveries.length }
    for (const [table, count] of Object.entries({ ...expected, delivery_attempts: attempts.length })) {
      if (counts[table as keyof typeof counts] !== count) {
        throw new Error(
          `Importing the PGlite lead store: ${table} has ${count} rows there, ${counts[table as keyof typeof counts]} here`,
        )
      }
    }
    sqlite.exec('pragma wal_checkpoint(TRUNCATE)')
    return counts
  } finally {
    sqlite.close()
    await pglite.close()
  }
}

function insertAll(sqlite: SqliteConnection, table: string, rows: Row[]): void {
  const first = rows[0]
  if (!first) return
  const columns = Object.keys(first)
  const insert = sqlite.prepare(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map((column) => `@${column}`).join(', ')})`,
  )
  for (const row of rows) {
    insert.run(Object.fromEntries(Object.entries(row).map(([column, value]) => [column, sqliteValue(value)])))
  }
}

function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return value
}
