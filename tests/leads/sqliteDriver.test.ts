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

it('a store of the last version keeps its deliveries and their attempts when a delivery may have no lead', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-upgrade-'))
  dirs.push(dir)
  const file = join(dir, 'leads.sqlite')
  // The step before team notices (the 7th, which makes `deliveries` again with `lead_id` nullable).
  const before = openSqliteFile(file, { schemaSteps: 6 })
  before.exec(`insert into leads (id, form, idempotency_key, payload, received_at)
    values ('lead-1', 'contact', 'key-1', '{}', '2026-11-27T15:00:00.000Z');
    insert into deliveries (id, lead_id, destination, state, next_attempt_at, window_started_at, message, dedupe_key)
    values ('delivery-1', 'lead-1', 'email:sales', 'delivered', '2026-11-27T15:00:00.000Z', '2026-11-27T15:00:00.000Z', '{"kind":"team"}', 'key');
    insert into delivery_attempts (delivery_id, attempt, started_at, status) values ('delivery-1', 1, '2026-11-27T15:00:01.000Z', 250);`)
  expect(() =>
    before.exec(`insert into deliveries (id, lead_id, destination, state, next_attempt_at, window_started_at)
      values ('notice-0', null, 'email:release-alert', 'pending', '2026-11-27T15:00:00.000Z', '2026-11-27T15:00:00.000Z')`),
  ).toThrow(/NOT NULL/)
  before.close()

  const after = openSqliteFile(file)
  try {
    expect(after.prepare('select id, lead_id, destination, message, dedupe_key from deliveries').get()).toEqual({
      id: 'delivery-1',
      lead_id: 'lead-1',
      destination: 'email:sales',
      message: '{"kind":"team"}',
      dedupe_key: 'key',
    })
    expect(after.prepare('select delivery_id, attempt, status from delivery_attempts').get()).toEqual({
      delivery_id: 'delivery-1',
      attempt: 1,
      status: 250,
    })
    after.exec(`insert into deliveries (id, lead_id, destination, state, next_attempt_at, window_started_at)
      values ('notice-1', null, 'email:release-alert', 'pending', '2026-11-27T15:00:00.000Z', '2026-11-27T15:00:00.000Z')`)
    // The rules hold again: the dedupe key is unique, a lead's erasure takes its deliveries and their attempts.
    expect(() =>
      after.exec(`insert into deliveries (id, lead_id, destination, state, next_attempt_at, window_started_at, dedupe_key)
        values ('delivery-2', null, 'email:x', 'pending', '2026-11-27T15:00:00.000Z', '2026-11-27T15:00:00.000Z', 'key')`),
    ).toThrow(/UNIQUE/)
    expect(after.prepare('pragma foreign_keys').get()).toEqual({ foreign_keys: 1 })
    after.exec(`delete from leads where id = 'lead-1'`)
    expect(after.prepare('select id from deliveries').all()).toEqual([{ id: 'notice-1' }])
    expect(after.prepare('select count(*) as n from delivery_attempts').get()).toEqual({ n: 0 })
  } finally {
    after.close()
  }
})
