// @vitest-environment node
import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDatabase } from './support/postgres'
import { ADMIN_TOKEN, freePort, type ServerProcess, startServerProcess, tinySite } from './support/serverProcess'

/**
 * `pnpm serve` as its own process, on PostgreSQL, taken through every path a visitor's or an operator's
 * typed values travel — stored, refused, quarantined, searched, exported, erased — and then through failures
 * (the database refusing connections mid-run: Hono's error handlers, the outbox's pass). No line it writes
 * holds any of those values.
 */
const TYPED = {
  name: 'Xavier Privacymarker',
  email: 'privacy.marker@example.net',
  phone: '5559876543',
  company: 'Markerholdings Trust',
  message: 'my confidential message text',
  search: 'privacy.mark',
}

describe('what `pnpm serve` logs, on every path', () => {
  let server: ServerProcess | undefined
  afterEach(async () => {
    await server?.kill('SIGTERM')
  })

  it('never writes what a visitor typed or an operator searched, even when the store fails', async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'))
    const port = await freePort()
    server = await startServerProcess({
      site: tinySite(),
      port,
      env: { DATABASE_URL: databaseUrl, LEAD_OUTBOX_POLL_MS: '100', CONTACT_WEBHOOK_URL: 'http://127.0.0.1:9/x' },
    })
    const origin = server.origin
    let keys = 0
    const post = (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      fetch(`${origin}/api/leads/contact`, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/json',
          'idempotency-key': `privacy-key-${++keys}`,
        },
        body: JSON.stringify({ payload, ...extra }),
      })
    const admin = (path: string, init: RequestInit = {}) =>
      fetch(`${origin}${path}`, { ...init, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...init.headers } })
    const payload = {
      name: TYPED.name,
      email: TYPED.email,
      phone: TYPED.phone,
      company: TYPED.company,
      interest: 'app',
      message: TYPED.message,
      timestamp: new Date().toISOString(),
      source: 'advisorgrowth-website',
    }
    expect((await post(payload)).status).toBe(201)
    expect((await post({ ...payload, interest: TYPED.message })).status).toBe(422)
    expect((await post({ ...payload, phone: `${TYPED.phone}\u0000` })).status).toBe(400)
    expect((await post(payload, { honeypot: TYPED.company })).status).toBe(201)
    expect((await post({ ...payload, [TYPED.name]: TYPED.message })).status).toBe(422)
    expect((await admin(`/api/admin/leads?q=${encodeURIComponent(TYPED.search)}`)).status).toBe(200)
    expect((await admin(`/api/admin/leads?q=${encodeURIComponent(TYPED.search)}&limit=1.5`)).status).toBe(400)
    expect((await admin(`/api/admin/export.csv?q=${encodeURIComponent(TYPED.search)}`)).status).toBe(200)
    expect((await admin(`/api/admin/leads/${encodeURIComponent(TYPED.email)}`)).status).toBe(404)

    // The database stops taking connections: the endpoint answers 503, the admin API 500, the outbox fails.
    const control = new pg.Client({ connectionString: inject('postgresUrl') })
    await control.connect()
    const name = new URL(databaseUrl).pathname.slice(1)
    try {
      await control.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`)
      await control.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name])
      expect((await post({ ...payload, message: `${TYPED.message} again` })).status).toBe(503)
      expect((await admin(`/api/admin/leads?q=${encodeURIComponent(TYPED.search)}`)).status).toBe(500)
      const forget = await admin('/api/admin/forget', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: TYPED.email }),
      })
      expect(forget.status).toBe(500)
      await new Promise((resolve) => setTimeout(resolve, 500))
    } finally {
      await control.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`)
      await control.end()
    }
    const forget = await admin('/api/admin/forget', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TYPED.email }),
    })
    expect(forget.status).toBe(200)

    // The log lines reach this process through a pipe, maybe after the responses.
    const { log } = server
    const logLines = () => log().split('\n').filter(Boolean)
    await expect
      .poll(() => logLines().map((line) => (JSON.parse(line) as { event: string }).event))
      .toEqual(expect.arrayContaining(['lead-stored', 'lead-quarantined', 'lead-endpoint-failed', 'admin-api-failed']))
    const lines = logLines()
    const failure = JSON.parse(lines.find((line) => line.includes('"lead-endpoint-failed"')) ?? '{}')
    // What the endpoint meets depends on timing: its pooled connection terminated under the query (57P01),
    // a new connection refused (55000), the socket reset by the terminated backend (Node's ECONNRESET), or the
    // socket closed before the server said why (node-postgres's "Connection terminated unexpectedly", which
    // has no code). Either way the line holds the error's class and at most its code, never its message.
    expect(failure).toMatchObject({ level: 'error', route: '/api/leads/:form', error: expect.any(String) })
    expect(Object.keys(failure).sort()).toEqual(
      'code' in failure
        ? ['code', 'error', 'event', 'level', 'route', 'time']
        : ['error', 'event', 'level', 'route', 'time'],
    )
    if ('code' in failure) expect(failure.code).toMatch(/^(55000|57P01|ECONNRESET)$/)
    for (const value of [...Object.values(TYPED), ...TYPED.name.split(' '), ...TYPED.company.split(' ')]) {
      expect(
        lines.filter((line) => line.toLowerCase().includes(value.toLowerCase())),
        value,
      ).toStrictEqual([])
    }
  })
})
