import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openSqliteFile } from '../../apps/server/src/leads/db/sqliteFile'

// The embedded store runs on the SQLite the running Node has: better-sqlite3 on Node 20, Node's own
// `node:sqlite` on Node 24 (where better-sqlite3 12 can abort the process; decision 0025). `npm test` runs
// the lead tests on both, so every other test here proves the store on each.
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

it(`opens the store with the SQLite of Node ${process.versions.node}, durable (WAL, synchronous FULL)`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-driver-'))
  dirs.push(dir)
  const sqlite = openSqliteFile(join(dir, 'leads.sqlite'))
  try {
    const major = Number(process.versions.node.split('.')[0])
    expect(sqlite.driver).toBe(major >= 24 ? 'node:sqlite' : 'better-sqlite3')
    expect(sqlite.prepare('pragma journal_mode').get()).toEqual({ journal_mode: 'wal' })
    // 2 is FULL: each commit is fsynced before it returns.
    expect(sqlite.prepare('pragma synchronous').get()).toEqual({ synchronous: 2 })
    expect(sqlite.prepare('select count(*) as n from leads').get()).toEqual({ n: 0 })
  } finally {
    sqlite.close()
  }
})
