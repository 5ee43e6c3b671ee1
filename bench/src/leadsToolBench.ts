/**
 * `pnpm bench:leads-tool`: what the Studio's Leads tool asks the lead server, at 100,000 stored leads, on the
 * embedded store (PGlite) and on PostgreSQL (a throw-away server from Debian's binaries): its first load
 * (the newest 50), a filtered search (form, state, date range and text), a search by text alone, one lead's
 * record, and a filtered CSV export. Each request is made once to warm up, then 7 times: median and worst.
 * Writes bench/leads-tool-results.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { adminApi } from '../../apps/server/src/leads/adminApi.ts'
import { type LeadDatabase, openLeadDatabase } from '../../apps/server/src/leads/db/database.ts'
import { sql } from '../../apps/server/src/leads/db/sql.ts'
import { leadConfigFromEnv } from '../../apps/server/src/leads/leadConfig.ts'
import { createDatabase, startPostgres } from '../../tests/leads/support/postgres.ts'
import { median } from './stats.ts'

const LEADS = 100_000
const RUNS = 7

async function seed(store: LeadDatabase): Promise<number> {
  const started = performance.now()
  await sql`insert into leads (id, form, idempotency_key, payload, received_at, quarantine_reason, attribution, search_text)
    select gen_random_uuid(), (array['contact','guide','qualify','giveaway'])[1 + i % 4], 'bench-' || i,
      json_build_object('name', 'Person ' || i, 'email', 'person' || i || '@example.com', 'phone', '555-0100',
        'company', 'Firm ' || (i % 997), 'timestamp', '2026-11-25T10:00:00.000Z'),
      now() - make_interval(mins => i),
      case when i % 50 = 0 then 'honeypot field filled' end,
      json_build_object('page', 'https://www.example.com/contact',
        'firstTouch', json_build_object('at', '2026-11-25T09:00:00.000Z',
          'landingPage', 'https://www.example.com/?utm_source=linkedin&utm_campaign=fall',
          'utm_source', 'linkedin', 'utm_campaign', 'fall'),
        'lastTouch', json_build_object('at', '2026-11-25T09:00:00.000Z',
          'landingPage', 'https://www.example.com/?utm_source=linkedin&utm_campaign=fall',
          'utm_source', 'linkedin', 'utm_campaign', 'fall')),
      lower('person ' || i || ' person' || i || '@example.com firm ' || (i % 997))
    from generate_series(1, ${LEADS}) as i`.execute(store.db)
  await sql`insert into deliveries (id, lead_id, destination, state, attempts, next_attempt_at, window_started_at,
      delivered_at, last_status)
    select gen_random_uuid(), id, form,
      case when idempotency_key like '%7' then 'dead' when idempotency_key like '%3' then 'pending' else 'delivered' end,
      1, received_at, received_at, received_at, 200
    from leads where quarantine_reason is null`.execute(store.db)
  await sql`insert into lead_consents (id, lead_id, kind, text, field, document_id, document_rev, checked,
      recorded_at, page_url, ip_address, user_agent)
    select gen_random_uuid(), id, 'opt-in', 'I agree to receive follow-up communications.', 'optInLabel',
      'page.conference-giveaway', 'seed', true, received_at, 'https://www.example.com/contact', '203.0.113.7',
      'Mozilla/5.0'
    from leads`.execute(store.db)
  await sql`analyze`.execute(store.db)
  return performance.now() - started
}

async function measure(store: LeadDatabase) {
  const config = leadConfigFromEnv({ LEADS_DATA_DIR: tmpdir(), LEADS_ADMIN_TOKEN: 'bench', LEADS_SANITY_AUTH: 'off' })
  const api = adminApi({ store, config, wakeOutbox: () => {} })
  const headers = { authorization: 'Bearer bench' }
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString()
  const one = (await (await api.request('/api/admin/leads?limit=1', { headers })).json()) as { leads: [{ id: string }] }
  const requests: Array<[string, string]> = [
    ['first load: newest 50', '/api/admin/leads?limit=50'],
    [
      'filtered search: form + state + last 30 days + text',
      `/api/admin/leads?limit=50&form=contact&state=delivered&from=${monthAgo}&q=firm%2042`,
    ],
    ['search by e-mail alone', '/api/admin/leads?limit=50&q=person77777%40example'],
    ['one lead with consents and attempts', `/api/admin/leads/${one.leads[0].id}`],
    ['CSV export: form + text (about 100 rows)', '/api/admin/export.csv?form=contact&q=firm%20500'],
  ]
  const rows: string[] = []
  for (const [name, path] of requests) {
    const times: number[] = []
    let size = 0
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now()
      const response = await api.request(path, { headers })
      const body = await response.text()
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body}`)
      if (run > 0) times.push(performance.now() - started)
      size = body.length
    }
    rows.push(
      `| ${name} | ${median(times).toFixed(1)} | ${Math.max(...times).toFixed(1)} | ${(size / 1024).toFixed(1)} |`,
    )
  }
  return rows
}

const sections: string[] = []
const embeddedDir = join(mkdtempSync(join(tmpdir(), 'leads-bench-')), 'leads')
const embedded = await openLeadDatabase({ dataDir: embeddedDir })
try {
  const seeded = await seed(embedded)
  sections.push(`### Embedded store (PGlite 0.5.16, in process)\n\nSeeded in ${(seeded / 1000).toFixed(1)} s.\n`)
  sections.push(
    [
      '| request | median ms | worst ms | answer kB |',
      '| --- | ---: | ---: | ---: |',
      ...(await measure(embedded)),
    ].join('\n'),
  )
} finally {
  await embedded.close()
  rmSync(join(embeddedDir, '..'), { recursive: true, force: true })
}

const postgres = await startPostgres()
try {
  const store = await openLeadDatabase({ databaseUrl: await createDatabase(postgres.url), dataDir: tmpdir() })
  try {
    const seeded = await seed(store)
    sections.push(`\n### PostgreSQL 15 (local server, pool of 10)\n\nSeeded in ${(seeded / 1000).toFixed(1)} s.\n`)
    sections.push(
      [
        '| request | median ms | worst ms | answer kB |',
        '| --- | ---: | ---: | ---: |',
        ...(await measure(store)),
      ].join('\n'),
    )
  } finally {
    await store.close()
  }
} finally {
  postgres.stop()
}

const report = `# The Leads tool at ${LEADS.toLocaleString('en')} stored leads

\`pnpm bench:leads-tool\` (bench/src/leadsToolBench.ts), ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores
(a shared machine: other work was running). Time of the admin API's answer as the lead server makes it
(Hono's \`app.request\`, no network), ${RUNS} runs after one warm-up. Every lead has a consent record,
98% a delivery (5% pending, 10% dead, the rest delivered), 2% are quarantined. The text search is
\`search_text LIKE '%…%'\` (name, e-mail and company in lower case, migration 0002): no index can serve a
substring match, so it reads the table; the first load and the filters by form and date use the
\`(form, received_at)\` and \`received_at\` indexes.

${sections.join('\n')}
`
writeFileSync(join(import.meta.dirname, '..', 'leads-tool-results.md'), report)
console.log(report)
