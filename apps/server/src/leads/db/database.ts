import { join } from 'node:path'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { migrateToLatest } from './migrations.ts'
import { importPgliteStoreIfAny, type PgliteImport } from './pgliteImport.ts'
import { groupCommitSqliteDialect, sqliteRowLocksPlugin } from './sqliteDialect.ts'
import { openSqliteFile, SQLITE_FILE } from './sqliteFile.ts'
import type { LeadTables } from './tables.ts'

export type LeadDb = Kysely<LeadTables>

export interface LeadDatabase {
  db: LeadDb
  /** `embedded`: SQLite in a data folder, shared by the processes of one machine; `postgres`: a server. */
  kind: 'embedded' | 'postgres'
  /** Where it is, without credentials: for logs. */
  location: string
  /** The PGlite store this open carried over (the first start after the move to SQLite), if any. */
  imported?: PgliteImport
  close: () => Promise<void>
}

/**
 * Opens the lead store and brings its schema up to date: PostgreSQL when `databaseUrl` is set, else the
 * embedded SQLite store in `dataDir`, which several processes can hold at once. A data folder made by the
 * earlier embedded engine (PGlite) is carried over first (pgliteImport.ts).
 */
export async function openLeadDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<LeadDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // A connection the database dropped (a restart, a terminated backend), idle in the pool or checked out
    // between two queries: unhandled, its 'error' event would end the process. The query that next uses it
    // fails and is answered as a store failure; the pool replaces the client.
    pool.on('error', () => {})
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = new Kysely<LeadTables>({ dialect: new PostgresDialect({ pool }) })
    await migrateWithLock(db)
    const url = new URL(options.databaseUrl)
    return { db, kind: 'postgres', location: `postgres://${url.host}${url.pathname}`, close: () => db.destroy() }
  }
  const imported = await importPgliteStoreIfAny(options.dataDir)
  const sqlite = openSqliteFile(join(options.dataDir, SQLITE_FILE))
  const db = new Kysely<LeadTables>({ dialect: groupCommitSqliteDialect(sqlite), plugins: [sqliteRowLocksPlugin] })
  return { db, kind: 'embedded', location: options.dataDir, imported, close: () => db.destroy() }
}

/** Several server processes may start together on one PostgreSQL: one migrates, the others wait for it. */
async function migrateWithLock(db: LeadDb): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(7426001)`.execute(connection)
    try {
      await migrateToLatest(connection as Kysely<unknown>)
    } finally {
      await sql`select pg_advisory_unlock(7426001)`.execute(connection)
    }
  })
}
