import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { migrateInsights } from './migrations.ts'
import type { InsightsDb } from './tables.ts'

/**
 * An insights store on its own, migrated: SQLite in a file (or `:memory:`) through better-sqlite3, or
 * PostgreSQL at a URL. The server keeps insights in the lead store's database; the benchmark and the tests
 * use these to run the same queries on both engines.
 */
export async function openInsightsStore(
  engine: { kind: 'sqlite'; filename: string } | { kind: 'postgres'; url: string },
): Promise<InsightsDb> {
  const db =
    engine.kind === 'sqlite'
      ? new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite(engine.filename) }) })
      : new Kysely<unknown>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: engine.url, max: 10 }) }),
        })
  await migrateInsights(db)
  return db as InsightsDb
}

function sqlite(filename: string) {
  const database = new Database(filename)
  database.pragma('journal_mode = WAL')
  database.pragma('synchronous = NORMAL')
  return database
}
