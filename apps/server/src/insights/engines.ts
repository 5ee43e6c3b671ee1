import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { groupCommitSqliteDialect, sqliteRowLocksPlugin } from '../leads/db/sqliteDialect.ts'
import { openSqliteFile } from '../leads/db/sqliteFile.ts'
import { migrateInsights } from './migrations.ts'
import type { InsightsDb } from './tables.ts'

/**
 * An insights store on its own, migrated: the embedded lead store's SQLite (its file or `:memory:`, opened
 * and committed exactly as the lead store does: WAL, synchronous=FULL, group commit), or PostgreSQL at a URL.
 * The server keeps insights in the lead store's database; the benchmark and the tests use these to run the
 * same queries on both engines.
 */
export async function openInsightsStore(
  engine: { kind: 'sqlite'; filename: string } | { kind: 'postgres'; url: string },
): Promise<InsightsDb> {
  const db =
    engine.kind === 'sqlite'
      ? new Kysely<unknown>({
          dialect: groupCommitSqliteDialect(openSqliteFile(engine.filename)),
          plugins: [sqliteRowLocksPlugin],
        })
      : new Kysely<unknown>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: engine.url, max: 10 }) }),
        })
  await migrateInsights(db)
  return db as InsightsDb
}
