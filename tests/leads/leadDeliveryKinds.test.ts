import { rmSync } from 'node:fs'
import type { LeadSummaryJson } from '@site/leads/admin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEAD_CSV_COLUMNS } from '../../apps/server/src/leads/leadCsv'
import {
  ADMIN_TOKEN,
  admin,
  freePort,
  runLeadsCli,
  type ServerProcess,
  startServerProcess,
  tinySite,
} from './support/serverProcess'
import { startSmtpSink } from './support/smtpSink'
import { newStore } from './support/stores'

// Words that mean what they say: a contact form with no webhook whose team e-mail went out, as the Leads
// tool's list, `pnpm leads list`/`show` and the export word it: by delivery kind, never "undelivered / 0 attempts".
// A real server process, a real SMTP server, the CLI as its own process.

async function postContact(origin: string, key: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/leads/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, origin },
    body: JSON.stringify({
      payload: {
        name: 'Dana Reyes',
        email,
        phone: '555-201-3344',
        company: 'Reyes Wealth',
        interest: 'ads',
        message: 'Paid ads for our practice',
        timestamp: '2026-11-27T10:00:00.000Z',
        source: 'advisorgrowth-website',
      },
      honeypot: '',
    }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

describe('a lead whose team e-mail went out and whose form has no webhook', { timeout: 180_000 }, () => {
  const cleanups: Array<() => Promise<void> | void> = []
  let server: ServerProcess
  let leadId: string
  const asking = () => ['--server', server.origin]

  beforeAll(async () => {
    const store = await newStore('embedded')
    const smtp = await startSmtpSink()
    const site = tinySite()
    cleanups.push(store.remove, smtp.close, () => rmSync(site, { recursive: true, force: true }))
    server = await startServerProcess({
      site,
      port: await freePort(),
      env: {
        ...store.env,
        LEADS_SANITY_AUTH: 'off',
        SMTP_URL: smtp.url,
        LEAD_NOTIFY_EMAIL: 'team@advisorgrowth.test',
        LEAD_OUTBOX_POLL_MS: '50',
        LEAD_RATE_LIMIT_PER_MINUTE: '100000',
      },
    })
    cleanups.push(() => server.kill('SIGTERM'))
    leadId = await postContact(server.origin, 'lead-kinds-0001', 'dana@reyeswealth.test')
    const deadline = Date.now() + 30_000
    while (smtp.accepted.length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(smtp.accepted.map((mail) => mail.envelopeTo)).toEqual([['team@advisorgrowth.test']])
  })

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('the admin API lists it by delivery kind: the team e-mail sent, the webhook none set', async () => {
    const { leads } = await admin<{ leads: LeadSummaryJson[] }>(server.origin, '/api/admin/leads')
    expect(leads.map((lead) => [lead.id, lead.deliveryKinds])).toEqual([
      [
        leadId,
        [
          { kind: 'email', state: 'sent', attempts: 1 },
          { kind: 'webhook', state: 'none', attempts: 0 },
        ],
      ],
    ])
  })

  it('pnpm leads list says the same, in the Leads tool words', async () => {
    const run = await runLeadsCli(['list', ...asking()])
    expect([run.code, run.stderr]).toEqual([0, ''])
    const lines = run.stdout.split('\n')
    expect(lines[1]).toMatch(/^│ ID +│ Received +│ Form +│ Name +│ E-mail +│ Company +│ State +│$/)
    expect(lines[3]).toMatch(
      new RegExp(
        `^│ ${leadId} │ 2026-\\d\\d-\\d\\d \\d\\d:\\d\\d │ Contact │ Dana Reyes │ dana@reyeswealth\\.test │ Reyes Wealth │ Team e-mail: sent +│$`,
      ),
    )
    expect(lines[4]).toMatch(/^│ +│ +│ +│ +│ +│ +│ Webhook: none set │$/)
    expect(run.stdout).not.toMatch(/undelivered|No webhook|attempts/i)
  })

  it('pnpm leads show takes the start of the id, and prints the labels and option labels the Studio shows', async () => {
    const run = await runLeadsCli(['show', leadId.slice(0, 8), ...asking()])
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).toContain(`  ID        ${leadId}\n`)
    expect(run.stdout).toContain('  State     Team e-mail: sent\n            Webhook: none set\n')
    expect(run.stdout).toContain(
      [
        'Answers',
        '  Name      Dana Reyes',
        '  Email     dana@reyeswealth.test',
        '  Phone     555-201-3344',
        '  Company   Reyes Wealth',
        '  Interest  Ad Management',
        '  Message   Paid ads for our practice',
      ].join('\n'),
    )
    expect(run.stdout).toMatch(/^ {2}Sent at {3}2026-11-27 10:00:00 \(.+\)$/m)
    expect(run.stdout).toContain('  Source    advisorgrowth-website\n')
  })

  it('an unknown or ambiguous start of an id: one line, exit code 1', async () => {
    // Seventeen ids in sixteen hexadecimal digits: two of them start with the same one.
    const ids = [leadId]
    for (let index = 1; index < 17; index++) {
      ids.push(await postContact(server.origin, `lead-kinds-${1000 + index}`, `visitor${index}@example.test`))
    }
    const shared = ids.map((id) => id[0]).find((first, index, firsts) => firsts.indexOf(first) !== index) ?? ''
    const unknown = [...'0123456789abcdef'].find((digit) => !ids.some((id) => id.startsWith(`${shared}${digit}`)))
    const [ambiguous, none, notAnId] = await Promise.all([
      runLeadsCli(['show', shared, ...asking()]),
      runLeadsCli(['show', `${shared}${unknown}`, ...asking()]),
      runLeadsCli(['show', 'dana', ...asking()]),
    ])
    expect(ambiguous).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: More than one lead's id starts with ${shared}: give more of the id (409)\n`,
    })
    expect(none).toEqual({ code: 1, stdout: '', stderr: `error: No lead ${shared}${unknown} (404)\n` })
    expect(notAnId).toEqual({ code: 1, stdout: '', stderr: 'error: No lead dana (404)\n' })
  })

  it('the export has a column per delivery kind', async () => {
    const csv = await (
      await fetch(`${server.origin}/api/admin/export.csv`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).text()
    const [header, ...rows] = csv.trim().split('\r\n')
    expect(header).toBe(LEAD_CSV_COLUMNS.join(','))
    const row = rows.find((line) => line.startsWith(`"${leadId}"`)) ?? ''
    const cells = Object.fromEntries(LEAD_CSV_COLUMNS.map((column, index) => [column, row.split('","')[index]]))
    expect(cells).toMatchObject({
      state: 'no-webhook',
      team_email_state: 'sent',
      chat_state: '',
      webhook_state: 'none',
      confirmation_state: '',
    })
  })
})
