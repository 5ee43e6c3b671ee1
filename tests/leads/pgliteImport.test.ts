import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterEach, describe, expect, it } from 'vitest'
import { openLeadDatabase } from '../../apps/server/src/leads/db/database'
import { openSqliteFile } from '../../apps/server/src/leads/db/sqliteFile'
import { leadConfigFromEnv } from '../../apps/server/src/leads/leadConfig'
import { memoryLog } from '../../apps/server/src/leads/leadLog'
import { startLeadService } from '../../apps/server/src/leads/leadService'
import { findLead, listLeads } from '../../apps/server/src/leads/store/queries'
import { startLeadReceiver } from './support/leadReceiver'

// A `.data/leads` made by the PGlite store (tests/leads/fixtures/makePgliteStore.ts.txt says how, with the
// code of commit c4b63a2) is carried over to SQLite on the first start, every row of it, the old folder kept.

const FIXTURE = new URL('./fixtures/pglite-store.tar.xz', import.meta.url).pathname
const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function pgliteStore(): string {
  const parent = mkdtempSync(join(tmpdir(), 'lead-import-'))
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }))
  execFileSync('tar', ['-xJf', FIXTURE, '-C', parent])
  return join(parent, 'leads')
}

/** Every row of a table, ordered, with times, JSON and booleans in one shape for both engines. */
const ORDER: Record<string, string> = {
  leads: 'id',
  lead_consents: 'id',
  deliveries: 'id',
  delivery_attempts: 'delivery_id, attempt',
}
const COLUMNS: Record<string, string> = {
  leads: 'id, form, idempotency_key, payload, received_at, quarantine_reason, attribution, search_text',
  lead_consents:
    'id, lead_id, kind, text, field, document_id, document_rev, checked, recorded_at, page_url, ip_address, user_agent',
  deliveries:
    'id, lead_id, destination, state, attempts, next_attempt_at, lease_until, lease_token, window_started_at, delivered_at, last_status, last_error',
  delivery_attempts: 'delivery_id, attempt, started_at, finished_at, status, error, next_attempt_at',
}
const normalize = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      value instanceof Date ? value.toISOString() : typeof value === 'boolean' ? Number(value) : value,
    ]),
  )

async function pgliteRows(dir: string) {
  const pglite = await PGlite.create({ dataDir: dir })
  try {
    const rows: Record<string, unknown[]> = {}
    for (const table of Object.keys(ORDER)) {
      const columns = (COLUMNS[table] ?? '')
        .split(', ')
        .map((column) =>
          ['payload', 'attribution', 'id', 'lead_id', 'delivery_id', 'lease_token'].includes(column)
            ? `${column}::text as ${column}`
            : column,
        )
      const result = await pglite.query<Record<string, unknown>>(
        `select ${columns.join(', ')} from ${table} order by ${ORDER[table]}`,
      )
      rows[table] = result.rows.map(normalize)
    }
    return rows
  } finally {
    await pglite.close()
  }
}

function sqliteRows(dir: string) {
  const sqlite = openSqliteFile(join(dir, 'leads.sqlite'), { readonly: true })
  try {
    return Object.fromEntries(
      Object.keys(ORDER).map((table) => [
        table,
        sqlite.prepare(`select ${COLUMNS[table]} from ${table} order by ${ORDER[table]}`).all(),
      ]),
    )
  } finally {
    sqlite.close()
  }
}

describe('a PGlite lead store made before the move to SQLite', () => {
  it('is carried over on the first open: every lead, consent, delivery and attempt, byte for byte, the old folder kept beside it', async () => {
    const dataDir = pgliteStore()
    writeFileSync(`${dataDir}.lock`, '999999') // the lock file its last process left
    const before = await pgliteRows(dataDir)
    expect(Object.fromEntries(Object.entries(before).map(([table, rows]) => [table, rows.length]))).toEqual({
      leads: 7,
      lead_consents: 5,
      deliveries: 5,
      delivery_attempts: 8,
    })

    const store = await openLeadDatabase({ dataDir })
    cleanups.push(() => void store.close())
    expect(store.imported?.counts).toEqual({ leads: 7, lead_consents: 5, deliveries: 5, delivery_attempts: 8 })
    const kept = store.imported?.kept ?? ''
    expect(readdirSync(join(dataDir, '..')).sort()).toEqual(['leads', kept.split('/').at(-1)].sort())
    expect(existsSync(join(kept, 'PG_VERSION'))).toBe(true)
    expect(readdirSync(dataDir).filter((file) => !file.startsWith('leads.sqlite-'))).toEqual(['leads.sqlite'])

    // Every row, every column: what PGlite held is what SQLite holds (the PGlite folder, read again after),
    // but for a webhook's destination, named `webhook:<form>` since notifications are deliveries too.
    const old = await pgliteRows(kept)
    const renamed = (old.deliveries ?? []).map((row) => {
      const delivery = row as { destination: string }
      return { ...delivery, destination: `webhook:${delivery.destination}` }
    })
    expect(sqliteRows(dataDir)).toEqual({ ...old, deliveries: renamed })

    // And through the store's own functions: a lead's detail, with its consent and its attempts.
    const [first] = await listLeads(store.db, { limit: 10, search: 'person 1' })
    const record = await findLead(store.db, first?.id ?? '')
    expect(Object.keys(record?.lead.payload ?? {})).toEqual([
      'name',
      'email',
      'phone',
      'company',
      'interest',
      'message',
      'timestamp',
      'source',
    ])
    expect(record?.lead.payload.message).toBe('Message 1: "quoted", ünïcode, 100% _under_score')
    expect(record?.lead.attribution).toEqual({
      page: 'https://www.example.test/contact',
      firstTouch: { utm_source: 'linkedin' },
    })
    expect(record?.lead.received_at).toEqual(new Date('2026-11-01T10:00:01.000Z'))
    expect(
      record?.consents.map((consent) => [consent.kind, consent.checked, consent.recorded_at.toISOString()]),
    ).toEqual([['opt-in', true, '2026-11-01T10:00:00.123Z']])
    expect(record?.delivery?.state).toBe('delivered')
    expect(record?.attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 500],
      [2, 200],
    ])
    expect((await listLeads(store.db, { limit: 10 })).map((lead) => lead.state).sort()).toEqual([
      'dead',
      'delivered',
      'no-webhook',
      'pending',
      'pending',
      'pending',
      'quarantined',
    ])
    await store.close()
  })

  it('delivers what the PGlite store still owed once a server opens it: the send its dead process held, the retry, the replay', async () => {
    const dataDir = pgliteStore()
    const receiver = await startLeadReceiver()
    const log = memoryLog()
    const service = await startLeadService(
      leadConfigFromEnv({
        LEADS_DATA_DIR: dataDir,
        LEADS_ADMIN_TOKEN: 'import-test-token',
        CONTACT_WEBHOOK_URL: receiver.url('/contact'),
        LEAD_OUTBOX_POLL_MS: '50',
      }),
      log,
    )
    cleanups.push(() => void receiver.close())
    try {
      expect(log.entries.find((entry) => entry.event === 'pglite-store-imported')).toMatchObject({
        leads: 7,
        lead_consents: 5,
        deliveries: 5,
        delivery_attempts: 8,
      })
      // Person 4's send was claimed by a process that died; person 7 was replayed. Person 3 retries in 2099.
      await expect
        .poll(() => receiver.received.map((request) => JSON.parse(request.body).email).sort(), { timeout: 10_000 })
        .toEqual(['person.4@example.com', 'person.7@example.com'])
    } finally {
      await service.close()
      await receiver.close()
    }
  })
})
