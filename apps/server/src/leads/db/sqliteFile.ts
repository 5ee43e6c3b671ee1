import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { migrateSqlite } from './sqliteSchema.ts'

/** The embedded store's database file in its data folder (with its `-wal` and `-shm` beside it). */
export const SQLITE_FILE = 'leads.sqlite'

/** How long a process waits for another one's write to end before a statement fails (SQLite's busy_timeout). */
const BUSY_TIMEOUT_MS = 10_000

/**
 * The embedded store's file, migrated. WAL lets readers in other processes go on while one writes; with
 * `synchronous = FULL` each commit is fsynced before it returns (NORMAL would skip that in WAL mode and can
 * lose the last commits on power loss).
 */
export function openSqliteFile(file: string): Database.Database {
  mkdirSync(join(file, '..'), { recursive: true })
  const sqlite = new Database(file, { timeout: BUSY_TIMEOUT_MS })
  try {
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = FULL')
    sqlite.pragma('foreign_keys = ON')
    migrateSqlite(sqlite)
    return sqlite
  } catch (error) {
    sqlite.close()
    throw error
  }
}
