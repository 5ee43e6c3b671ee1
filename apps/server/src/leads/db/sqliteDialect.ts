import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type KyselyPlugin,
  OperationNodeTransformer,
  type QueryResult,
  type RootOperationNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type UnknownRow,
} from 'kysely'
import type { SqliteConnection, SqliteStatement } from './sqliteFile.ts'

/**
 * Kysely on one SQLite connection with group commit: every unit of work (a transaction, or a
 * statement outside one) runs inside one shared `BEGIN IMMEDIATE` transaction, in a savepoint of its own,
 * and that transaction commits (one fsync of the WAL with synchronous=FULL) once no unit is running. A unit
 * resolves only after the commit that holds it is on disk: no caller sees success, or data another unit
 * wrote, before it is flushed. Units that arrive while a commit flushes share the next one.
 *
 * Values cross in the shapes the PostgreSQL driver gives (`tables.ts`): Dates are stored as ISO 8601 text
 * (which sorts as time does) and read back as Dates, JSON columns are parsed, booleans are 0/1.
 */
export function groupCommitSqliteDialect(sqlite: SqliteConnection): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new GroupCommitDriver(sqlite),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  }
}

/**
 * Drops `FOR UPDATE` and `SKIP LOCKED`, which SQLite has no syntax for: it needs neither, since a writer
 * holds the whole database (`BEGIN IMMEDIATE`) from its first statement to its commit.
 */
export const sqliteRowLocksPlugin: KyselyPlugin = {
  transformQuery: ({ node }) => new RowLockRemover().transformNode(node) as RootOperationNode,
  transformResult: async ({ result }) => result,
}

class RowLockRemover extends OperationNodeTransformer {
  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    const transformed = super.transformSelectQuery(node)
    if (!transformed.endModifiers) return transformed
    const endModifiers = transformed.endModifiers.filter(
      (modifier) => modifier.modifier !== 'ForUpdate' && modifier.modifier !== 'SkipLocked',
    )
    return { ...transformed, endModifiers: endModifiers.length > 0 ? endModifiers : undefined }
  }
}

/** Columns of `tables.ts` that hold times, JSON and booleans, by name (aliases keep them: `delivery_state`). */
const TIME_COLUMNS = new Set([
  'received_at',
  'recorded_at',
  'next_attempt_at',
  'lease_until',
  'window_started_at',
  'delivered_at',
  'started_at',
  'finished_at',
  'released_at',
  'marked_spam_at',
  'expires_at',
  'taken_at',
  'status_changed_at',
  'offer_until',
  'escalate_at',
  'escalated_at',
])
const JSON_COLUMNS = new Set(['payload', 'attribution', 'notify', 'message'])
const BOOLEAN_COLUMNS = new Set(['checked', 'held'])

function toSqlite(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value ? 1 : 0
  return value
}

function fromSqlite(row: UnknownRow): UnknownRow {
  for (const [column, value] of Object.entries(row)) {
    if (value === null) continue
    if (TIME_COLUMNS.has(column) && typeof value === 'string') row[column] = new Date(value)
    else if (JSON_COLUMNS.has(column) && typeof value === 'string') row[column] = JSON.parse(value)
    else if (BOOLEAN_COLUMNS.has(column) && typeof value === 'number') row[column] = value !== 0
  }
  return row
}

/** One commit: the units that ran in it learn together whether it reached the disk. */
interface Batch {
  flushed: Promise<void>
  resolve: () => void
  reject: (error: unknown) => void
}

/**
 * Prepared statements by their SQL: the store's queries are few and run for every lead, and preparing one
 * again each time cost about 4 % of the server's CPU under load. Bounded: `in (?, ?, …)` lists vary.
 */
class StatementCache {
  readonly #statements = new Map<string, SqliteStatement>()
  constructor(readonly sqlite: SqliteConnection) {}

  get(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql)
    if (!statement) {
      if (this.#statements.size >= 500) this.#statements.clear()
      statement = this.sqlite.prepare(sql)
      this.#statements.set(sql, statement)
    }
    return statement
  }
}

class UnitConnection implements DatabaseConnection {
  finished = false
  readonly sqlite: SqliteConnection
  constructor(
    readonly statements: StatementCache,
    readonly batch: Batch,
  ) {
    this.sqlite = statements.sqlite
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.get(compiledQuery.sql)
    const parameters = compiledQuery.parameters.map(toSqlite)
    if (statement.reader) {
      return Promise.resolve({ rows: (statement.all(parameters) as UnknownRow[]).map(fromSqlite) as R[] })
    }
    const { changes } = statement.run(parameters)
    return Promise.resolve({ numAffectedRows: BigInt(changes), rows: [] })
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('Only a select can be streamed')
    const statement = this.statements.get(compiledQuery.sql)
    for (const row of statement.iterate(compiledQuery.parameters.map(toSqlite))) {
      yield { rows: [fromSqlite(row as UnknownRow) as R] }
    }
  }

  exec(sql: string): void {
    this.sqlite.exec(sql)
  }
}

class GroupCommitDriver implements Driver {
  readonly #sqlite: SqliteConnection
  readonly #statements: StatementCache
  readonly #mutex = new Mutex()
  #batch: Batch | undefined
  #commitScheduled = false

  constructor(sqlite: SqliteConnection) {
    this.#sqlite = sqlite
    this.#statements = new StatementCache(sqlite)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock()
    try {
      return new UnitConnection(this.#statements, this.#openBatch())
    } catch (error) {
      this.#mutex.unlock()
      throw error
    }
  }

  async beginTransaction(connection: UnitConnection): Promise<void> {
    connection.exec('savepoint lead_unit')
  }

  async commitTransaction(connection: UnitConnection): Promise<void> {
    connection.exec('release lead_unit')
    await this.#finish(connection)
  }

  async rollbackTransaction(connection: UnitConnection): Promise<void> {
    if (connection.finished) return
    if (this.#sqlite.inTransaction) {
      connection.exec('rollback to lead_unit')
      connection.exec('release lead_unit')
    }
    await this.#finish(connection)
  }

  async releaseConnection(connection: UnitConnection): Promise<void> {
    if (!connection.finished) await this.#finish(connection)
  }

  async destroy(): Promise<void> {
    await this.#mutex.lock()
    this.#commit()
    this.#sqlite.close()
  }

  #openBatch(): Batch {
    // An error that ended the shared transaction (an I/O error, a full disk) fails every unit in it.
    if (this.#batch && !this.#sqlite.inTransaction) this.#commit()
    if (this.#batch) return this.#batch
    this.#sqlite.exec('begin immediate')
    let resolve = () => {}
    let reject: (error: unknown) => void = () => {}
    const flushed = new Promise<void>((resolveFlush, rejectFlush) => {
      resolve = resolveFlush
      reject = rejectFlush
    })
    flushed.catch(() => {}) // each unit awaits it and sees the error; this keeps it from being unhandled
    this.#batch = { flushed, resolve, reject }
    return this.#batch
  }

  /** Ends a unit: frees the connection for the next unit, and resolves once the commit holding it is flushed. */
  #finish(connection: UnitConnection): Promise<void> {
    connection.finished = true
    this.#mutex.unlock()
    if (!this.#commitScheduled) {
      this.#commitScheduled = true
      // After the I/O callbacks of this turn of the event loop: their units join this commit.
      setImmediate(() => {
        this.#commitScheduled = false
        if (!this.#mutex.locked) this.#commit()
      })
    }
    return connection.batch.flushed
  }

  #commit(): void {
    const batch = this.#batch
    if (!batch) return
    this.#batch = undefined
    try {
      if (!this.#sqlite.inTransaction)
        throw new Error('The lead store rolled back a transaction: nothing in it was kept')
      this.#sqlite.exec('commit')
      batch.resolve()
    } catch (error) {
      if (this.#sqlite.inTransaction) this.#sqlite.exec('rollback')
      batch.reject(error)
    }
  }
}

/** The one connection, taken by one unit at a time, in the order they asked. */
class Mutex {
  locked = false
  readonly #waiting: Array<() => void> = []

  lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true
      return Promise.resolve()
    }
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  unlock(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.locked = false
  }
}
