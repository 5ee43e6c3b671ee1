import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { migrateSqlite } from './sqliteSchema.ts'

/** The embedded store's database file in its data folder (with its `-wal` and `-shm` beside it). */
export const SQLITE_FILE = 'leads.sqlite'

/** How long a process waits for another one's write to end before a statement fails (SQLite's busy_timeout). */
const BUSY_TIMEOUT_MS = 10_000

/** Parameters as the store binds them: positional (`?`) in an array, or named (`@column`) in an object. */
type Parameters = unknown[] | Record<string, unknown>

export interface SqliteStatement {
  /** Whether it returns rows (a select, or a statement with `returning`). */
  readonly reader: boolean
  all(parameters?: Parameters): Record<string, unknown>[]
  get(parameters?: Parameters): Record<string, unknown> | undefined
  iterate(parameters?: Parameters): Iterable<Record<string, unknown>>
  run(parameters?: Parameters): { changes: number | bigint }
}

/** What the store needs of a SQLite connection: the same on better-sqlite3 and on Node's own `node:sqlite`. */
export interface SqliteConnection {
  /** The engine, for `pnpm leads health` and the logs. */
  readonly driver: 'better-sqlite3' | 'node:sqlite'
  prepare(sql: string): SqliteStatement
  exec(sql: string): void
  readonly inTransaction: boolean
  close(): void
}

/**
 * The embedded store's file, migrated. WAL lets readers in other processes go on while one writes; with
 * `synchronous = FULL` each commit is fsynced before it returns (NORMAL would skip that in WAL mode and can
 * lose the last commits on power loss).
 */
export function openSqliteFile(
  file: string,
  /** `schemaSteps`: migrate only this far (a store as an earlier version of this code left it). */
  options: { readonly?: boolean; schemaSteps?: number } = {},
): SqliteConnection {
  mkdirSync(join(file, '..'), { recursive: true })
  const sqlite = openSqlite(file, options.readonly ?? false)
  if (options.readonly) return sqlite
  try {
    sqlite.exec('pragma journal_mode = WAL')
    sqlite.exec('pragma synchronous = FULL')
    sqlite.exec('pragma foreign_keys = ON')
    migrateSqlite(sqlite, options.schemaSteps)
    return sqlite
  } catch (error) {
    sqlite.close()
    throw error
  }
}

/**
 * Node's built-in SQLite where the running Node has all the store needs of it (Node 22.16+, 24): nothing to
 * compile, and better-sqlite3 12 aborts Node 24.19+ when a statement is garbage-collected at the wrong moment
 * (docs/decisions/0025-node-runtime.md). better-sqlite3 elsewhere (Node 20).
 */
function openSqlite(file: string, readonly: boolean): SqliteConnection {
  const nodeSqlite = builtinSqlite()
  return nodeSqlite ? fromNodeSqlite(nodeSqlite, file, readonly) : fromBetterSqlite3(file, readonly)
}

/** The part of `node:sqlite` the store uses (its types are not in the @types/node of the Node 20 floor). */
interface NodeSqliteStatement {
  all(...parameters: unknown[]): Record<string, unknown>[]
  get(...parameters: unknown[]): Record<string, unknown> | undefined
  iterate(...parameters: unknown[]): Iterable<Record<string, unknown>>
  run(...parameters: unknown[]): { changes: number | bigint }
  columns(): unknown[]
}
interface NodeSqliteDatabase {
  prepare(sql: string): NodeSqliteStatement
  exec(sql: string): void
  readonly isTransaction: boolean
  close(): void
}
interface NodeSqlite {
  DatabaseSync: new (file: string, options: { timeout: number; readOnly: boolean }) => NodeSqliteDatabase
  StatementSync: { prototype: object }
}

function builtinSqlite(): NodeSqlite | undefined {
  const module = process.getBuiltinModule('node:sqlite') as NodeSqlite | undefined
  // `columns()`, `isTransaction` and the `timeout` option came together, in Node 22.16 and 24.
  return module && 'columns' in module.StatementSync.prototype ? module : undefined
}

/** node:sqlite binds one argument per parameter; better-sqlite3 takes the array itself. */
const spread = (parameters?: Parameters): unknown[] =>
  parameters === undefined ? [] : Array.isArray(parameters) ? parameters : [parameters]

/** Plain objects, as better-sqlite3 returns them (node:sqlite's rows have no prototype). */
const plain = (row: Record<string, unknown>): Record<string, unknown> => ({ ...row })

function fromNodeSqlite(module: NodeSqlite, file: string, readonly: boolean): SqliteConnection {
  const database = new module.DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, readOnly: readonly })
  return {
    driver: 'node:sqlite',
    prepare(sql) {
      const statement = database.prepare(sql)
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...spread(parameters)).map(plain),
        get: (parameters) => {
          const row = statement.get(...spread(parameters))
          return row && plain(row)
        },
        iterate: function* (parameters) {
          for (const row of statement.iterate(...spread(parameters))) yield plain(row)
        },
        run: (parameters) => statement.run(...spread(parameters)),
      }
    },
    exec: (sql) => database.exec(sql),
    get inTransaction() {
      return database.isTransaction
    },
    close: () => database.close(),
  }
}

function fromBetterSqlite3(file: string, readonly: boolean): SqliteConnection {
  const database = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS, readonly })
  return {
    driver: 'better-sqlite3',
    prepare(sql) {
      const statement = database.prepare<unknown[], Record<string, unknown>>(sql)
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(...spread(parameters)),
        get: (parameters) => statement.get(...spread(parameters)),
        iterate: (parameters) => statement.iterate(...spread(parameters)),
        run: (parameters) => statement.run(...spread(parameters)),
      }
    },
    exec: (sql) => {
      database.exec(sql)
    },
    get inTransaction() {
      return database.inTransaction
    },
    close: () => {
      database.close()
    },
  }
}
