import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrateToLatest } from './migrations.ts'
import { pgliteDialect } from './pgliteDialect.ts'
import type { LeadTables } from './tables.ts'

export type LeadDb = Kysely<LeadTables>

export interface LeadDatabase {
  db: LeadDb
  /** `embedded`: PGlite in a data folder, one process at a time; `postgres`: a server, shared by processes. */
  kind: 'embedded' | 'postgres'
  /** Where it is, without credentials: for logs. */
  location: string
  close: () => Promise<void>
}

/**
 * Opens the lead store and brings its schema up to date: PostgreSQL when `databaseUrl` is set, else the
 * embedded PGlite store in `dataDir`. PGlite takes one process: a second gets an error naming the first.
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
  const unlock = lockDataDir(options.dataDir)
  try {
    if (!existsSync(options.dataDir)) await initializeDataDir(options.dataDir)
    const pglite = await PGlite.create({ dataDir: options.dataDir })
    const db = new Kysely<LeadTables>({ dialect: pgliteDialect(pglite) })
    await migrateToLatest(db as Kysely<unknown>)
    return {
      db,
      kind: 'embedded',
      location: options.dataDir,
      close: async () => {
        await db.destroy()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}

/**
 * Creates the embedded store's folder beside its place and moves it there once PostgreSQL's initdb and the
 * migrations are done: a process stopped during the seconds initdb takes leaves no half-made store, which
 * PGlite cannot open (it aborts), only a stray folder the next start replaces.
 */
async function initializeDataDir(dataDir: string): Promise<void> {
  const staging = `${dataDir}.initializing`
  rmSync(staging, { recursive: true, force: true })
  const pglite = await PGlite.create({ dataDir: staging })
  const db = new Kysely<LeadTables>({ dialect: pgliteDialect(pglite) })
  await migrateToLatest(db as Kysely<unknown>)
  await db.destroy()
  renameSync(staging, dataDir)
}

/** Several server processes may start together on one PostgreSQL: one migrates, the others wait for it. */
async function migrateWithLock(db: LeadDb): Promise<void> {
  await db.connection().execute(async (connection) => {
    const { sql } = await import('kysely')
    await sql`select pg_advisory_lock(7426001)`.execute(connection)
    try {
      await migrateToLatest(connection as Kysely<unknown>)
    } finally {
      await sql`select pg_advisory_unlock(7426001)`.execute(connection)
    }
  })
}

function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`
  mkdirSync(dirname(lockFile), { recursive: true })
  if (existsSync(lockFile)) {
    const holder = Number(readFileSync(lockFile, 'utf8'))
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new LeadStoreBusyError(dataDir, holder)
    }
  }
  writeFileSync(lockFile, String(process.pid))
  return () => rmSync(lockFile, { force: true })
}

export class LeadStoreBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded lead store ${dataDir} is open in process ${pid} (a running server?)`)
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
