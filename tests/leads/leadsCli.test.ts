import { rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLeadReceiver } from './support/leadReceiver'
import {
  ADMIN_TOKEN,
  type CliRun,
  freePort,
  runLeadsCli,
  type ServerProcess,
  startServerProcess,
  tinySite,
} from './support/serverProcess'
import { newStore } from './support/stores'

// `pnpm leads` as an operator runs it: its own process, against a real server process on a real store, and
// against the store itself once the server is stopped. Every failure must be one line on stderr, never a stack.

const COMMANDS = ['health', 'list', 'show', 'replay', 'export', 'forget'] as const
const everyStderr: string[] = []

async function runLeads(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const run = await runLeadsCli(args, env)
  everyStderr.push(run.stderr)
  return run
}

/** A failure as the operator must see it: this one line on stderr, nothing on stdout, exit code 1. */
function expectFailure(run: CliRun, line: string) {
  expect({ stderr: run.stderr, stdout: run.stdout, code: run.code }).toEqual({
    stderr: `${line}\n`,
    stdout: '',
    code: 1,
  })
}

afterAll(() => {
  expect(everyStderr.join('\n')).not.toMatch(/^\s+at |Error:|node:internal/m)
})

// Each command is a Node process with tsx: about a second on a quiet machine, several on a loaded one.
describe('pnpm leads, its help and its usage errors', { timeout: 120_000 }, () => {
  it('answers --help for the program and for each command, on stdout with exit code 0', async () => {
    const runs = await Promise.all(
      [['--help'], ...COMMANDS.map((command) => [command, '--help'])].map((args) => runLeads(args)),
    )
    for (const [index, run] of runs.entries()) {
      const command = index === 0 ? '' : ` ${COMMANDS[index - 1]}`
      expect(run.stdout).toMatch(new RegExp(`^Usage: pnpm leads${command} \\[options\\]`))
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
    }
    const [program, , list, show, , exportCsv] = runs.map((run) => run.stdout)
    for (const command of COMMANDS) expect(program).toMatch(new RegExp(`^  ${command} `, 'm'))
    expect(program).toContain('--server <url>')
    expect(list).toContain('--state <state>  only leads in this state (choices: "pending", "retrying",')
    expect(list).toMatch(/--json\s+print what the admin API answers, as JSON/)
    expect(list).toContain('Global Options:\n  --server <url>')
    expect(show).toContain('Usage: pnpm leads show [options] <id>')
    expect(exportCsv).not.toContain('--json')
  })

  it('an unknown command, an unknown option or a bad value: the library says it in one line, exit code 1', async () => {
    const [command, option, limit, state] = await Promise.all([
      runLeads(['bogus']),
      runLeads(['list', '--bogus']),
      runLeads(['list', '--limit', '1.5']),
      runLeads(['list', '--state', 'lost']),
    ])
    expectFailure(command, "error: unknown command 'bogus'")
    expectFailure(option, "error: unknown option '--bogus'")
    expectFailure(limit, "error: option '--limit <n>' argument '1.5' is invalid. a whole number, 1 to 1000")
    expectFailure(
      state,
      "error: option '--state <state>' argument 'lost' is invalid. Allowed choices are pending, retrying, delivered, misconfigured, dead, quarantined, repeat, no-webhook.",
    )
  })
})

describe('pnpm leads against a running lead server, then against its store', { timeout: 120_000 }, () => {
  const cleanups: Array<() => Promise<void> | void> = []
  let server: ServerProcess
  let storeDir: string
  let leadId: string
  const admin = async (path: string) =>
    (await fetch(`${server.origin}${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()
  const asking = () => ['--server', server.origin]

  beforeAll(async () => {
    const store = await newStore('embedded')
    storeDir = store.env.LEADS_DATA_DIR ?? ''
    const receiver = await startLeadReceiver()
    const site = tinySite()
    cleanups.push(store.remove, receiver.close, () => rmSync(site, { recursive: true, force: true }))
    server = await startServerProcess({
      site,
      port: await freePort(),
      env: { ...store.env, LEADS_SANITY_AUTH: 'off', CONTACT_WEBHOOK_URL: receiver.url('/contact') },
    })
    cleanups.push(async () => {
      if (server.child.exitCode === null) await server.kill('SIGTERM')
    })
    const response = await fetch(`${server.origin}/api/leads/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': 'leads-cli-test-0001',
        origin: server.origin,
        referer: `${server.origin}/contact`,
        'user-agent': 'Mozilla/5.0 (cli test)',
      },
      body: JSON.stringify({
        payload: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phone: '',
          company: 'Analytical Engines',
          interest: 'all',
          message: 'Hello\nSecond line \u001b[2J',
          timestamp: '2026-11-23T10:00:00.000Z',
          source: 'advisorgrowth-website',
        },
        honeypot: '',
        attribution: {
          page: `${server.origin}/contact`,
          firstTouch: {
            at: '2026-11-23T09:00:00.000Z',
            landingPage: `${server.origin}/?utm_source=linkedin`,
            utm_source: 'linkedin',
          },
          lastTouch: { at: '2026-11-23T09:30:00.000Z', landingPage: `${server.origin}/contact` },
        },
        consent: {
          kind: 'disclosure',
          text: 'We reply within a working day.',
          field: 'sections[_key=="contact"].intro',
          documentId: 'page.contact',
          documentRev: 'seed',
        },
      }),
    })
    expect(response.status).toBe(201)
    leadId = ((await response.json()) as { id: string }).id
    // Delivered, so the detail has an attempt to show (expect.poll is for tests, not hooks).
    const health = async () => (await admin('/api/admin/health')) as { deliveries: { delivered: number } }
    for (let tries = 0; (await health()).deliveries.delivered < 1; tries++) {
      if (tries > 100) throw new Error('the lead was not delivered within 20 s')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('list prints a table of the leads, with the lead in a row under the labelled columns', async () => {
    const run = await runLeads(['list', ...asking()])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const { leads } = (await admin('/api/admin/leads')) as { leads: Array<{ receivedAt: string }> }
    const received = leads[0]?.receivedAt.slice(0, 16).replace('T', ' ')
    const lines = run.stdout.split('\n')
    expect(lines[1]).toMatch(/^│ ID +│ Received +│ Form +│ Name +│ E-mail +│ Company +│ State +│$/)
    expect(lines[3]).toMatch(
      new RegExp(
        `^│ ${leadId} │ ${received} +│ Contact +│ Ada Lovelace +│ ada@example\\.com +│ Analytical Engines +│ Webhook: delivered +│$`,
      ),
    )
    expect(lines.at(-2)).toBe('1 lead, newest first.')
  })

  it('show prints the lead in labelled sections, times readable, what the visitor typed harmless to the terminal', async () => {
    const run = await runLeads(['show', leadId, ...asking()])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const headings = run.stdout.split('\n').filter((line) => /^\S/.test(line))
    expect(headings).toEqual(['Lead', 'Answers', 'Attribution', 'Consent', 'Deliveries', 'Routing', 'Follow-through'])
    expect(run.stdout).toContain(`  ID        ${leadId}\n  Form      Contact (contact)\n`)
    expect(run.stdout).toMatch(/^ {2}Received {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \((\d+ seconds? ago|now)\)$/m)
    expect(run.stdout).toMatch(/^ {2}State {5}Webhook: delivered$/m)
    // Each answer under the label the Studio shows (@site/leads/labels), the option as its label.
    expect(run.stdout).toContain(
      '  Name      Ada Lovelace\n  Email     ada@example.com\n  Phone     —\n  Company   Analytical Engines\n  Interest  All Solutions\n',
    )
    // The escape a visitor sent is shown, not obeyed: no ESC byte reaches the terminal.
    expect(run.stdout).toContain('  Message   Hello\n            Second line \\u001b[2J\n')
    expect(run.stdout).not.toContain('\u001b')
    expect(run.stdout).toMatch(/^ {2}First touch\n {4}At {12}2026-11-23 09:00:00 \(\d+ days ago\)\n/m)
    expect(run.stdout).toContain('    utm_source    linkedin\n')
    expect(run.stdout).toContain('  1. disclosure\n    Text      We reply within a working day.\n')
    expect(run.stdout).toContain('    Document  page.contact at revision seed\n')
    expect(run.stdout).toContain('    Browser   Mozilla/5.0 (cli test)\n')
    expect(run.stdout).toContain('  Webhook (webhook:contact)\n    State        delivered\n    Attempts     1\n')
    expect(run.stdout).toContain('    Last status  200\n')
    expect(run.stdout).toMatch(/^ {4}Attempt 1 {4}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}answered 200$/m)
  })

  it('health is a short labelled summary; --json on every command prints what the admin API answers', async () => {
    const [health, healthJson, listJson, showJson, forgetJson] = await Promise.all([
      runLeads(['health', ...asking()]),
      runLeads(['health', '--json', ...asking()]),
      runLeads(['list', '--json', ...asking()]),
      runLeads(['show', leadId, '--json', ...asking()]),
      runLeads(['forget', 'nobody@example.com', '--json', ...asking()]),
    ])
    expect(health.stdout).toBe(
      [
        `Answered by  the lead server at ${server.origin}`,
        'Store        embedded (SQLite)',
        'Access       manage (read, replay, erase)',
        'Leads        1 (0 quarantined)',
        'Held for     —',
        'Deliveries   1 delivered, 0 pending, 0 misconfigured, 0 dead',
        'Webhooks     set for contact; not set for guide, qualify, giveaway',
        'Mail         none (no SMTP_URL): e-mail waits for a lead server that has one; LEAD_NOTIFY_EMAIL 0 addresses',
        'Chat         none (no LEAD_CHAT_WEBHOOKS): chat posts wait for a lead server that has their channel',
        'Routing      no Lead routing document published: LEAD_NOTIFY_EMAIL gets every lead',
        '',
      ].join('\n'),
    )
    expect(JSON.parse(healthJson.stdout)).toEqual(await admin('/api/admin/health'))
    expect(JSON.parse(listJson.stdout)).toEqual(await admin('/api/admin/leads?limit=100'))
    expect(JSON.parse(showJson.stdout)).toEqual(await admin(`/api/admin/leads/${leadId}`))
    expect(JSON.parse(forgetJson.stdout)).toEqual({
      erased: { leads: 0, consents: 0, deliveries: 0, deadLetters: 0, attempts: 0, exports: 0 },
    })
    for (const run of [health, healthJson, listJson, showJson, forgetJson])
      expect([run.code, run.stderr]).toEqual([0, ''])
  })

  it('export is the CSV on stdout, as the server streams it', async () => {
    const run = await runLeads(['export', '--form', 'contact', ...asking()])
    const csv = await (
      await fetch(`${server.origin}/api/admin/export.csv?form=contact`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).text()
    expect(run.stdout).toBe(csv)
    expect(run.stdout.split('\n')[1]).toMatch(new RegExp(`^"${leadId}","contact",`))
    expect([run.code, run.stderr]).toEqual([0, ''])
  })

  it('finds the server on its local port without --server', async () => {
    const run = await runLeads(['health'], { PORT: new URL(server.origin).port })
    expect(run.stdout.split('\n')[0]).toBe(`Answered by  the lead server at ${server.origin}`)
  })

  it('a wrong token, an unknown id, a bad filter, a refused replay, no server: one line each, exit code 1', async () => {
    const nothingThere = `http://127.0.0.1:${await freePort()}`
    const badFilter = (await admin('/api/admin/leads?from=yesterday')) as { error: string }
    const unknownId = '0b9e2f4c-2d0a-4c55-9f6e-1b7f4d1e2a90'
    const [token, unknown, filter, replayed, noIdNoState, noServer] = await Promise.all([
      runLeads(['list', ...asking()], { LEADS_ADMIN_TOKEN: 'not-the-token' }),
      runLeads(['show', unknownId, ...asking()]),
      runLeads(['list', '--from', 'yesterday', ...asking()]),
      runLeads(['replay', leadId, ...asking()]),
      runLeads(['replay', ...asking()]),
      runLeads(['list', '--server', nothingThere]),
    ])
    expectFailure(
      token,
      `error: The lead server at ${server.origin} refused the admin token (401): set LEADS_ADMIN_TOKEN to the server's, or run this where its .data/leads-admin-token is`,
    )
    expectFailure(unknown, `error: No lead ${unknownId} (404)`)
    expect(badFilter.error).toBeTruthy()
    expectFailure(filter, `error: ${badFilter.error} (400)`)
    expectFailure(
      replayed,
      `error: Lead ${leadId} was not replayed: it was delivered, and it has no notification to send again (409)`,
    )
    expectFailure(noIdNoState, 'error: Give a lead id, or --state dead|misconfigured|quarantined')
    expectFailure(noServer, `error: No lead server answers at ${nothingThere} (ECONNREFUSED)`)
  })

  it('a server answering 403, or 500 with a text body (a crashed handler): one line each, exit code 1', async () => {
    // Stand-ins for what the real server answers a read-only Studio role, and for a handler that crashed.
    const answering = async (status: number, type: string, body: string) => {
      const standIn: Server = createServer((_, res) => res.writeHead(status, { 'content-type': type }).end(body))
      await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
      cleanups.push(() => new Promise<void>((resolve) => standIn.close(() => resolve())))
      const address = standIn.address()
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    }
    const forbidden = await answering(
      403,
      'application/json',
      '{"error":"Your role may read leads but not change them"}',
    )
    const crashed = await answering(500, 'text/plain; charset=UTF-8', 'Internal Server Error')
    const [role, crash] = await Promise.all([
      runLeads(['forget', 'ada@example.com', '--server', forbidden]),
      runLeads(['forget', 'ada@example.com', '--server', crashed]),
    ])
    expectFailure(role, 'error: Your role may read leads but not change them (403)')
    expectFailure(
      crash,
      `error: The lead server at ${crashed} answered 500 Internal Server Error (text/plain), not the admin API's JSON`,
    )
  })

  it('with the server stopped and none answering, opens the store itself and answers the same', async () => {
    await server.kill('SIGTERM')
    const local = { PORT: String(await freePort()), LEADS_DATA_DIR: storeDir }
    // One after the other: the embedded store is one process's.
    const health = await runLeads(['health'], local)
    const list = await runLeads(['list', '--json'], local)
    expect(health.stdout.split('\n').slice(0, 2)).toEqual([
      `Answered by  the embedded store in ${storeDir}, opened by this command`,
      'Store        embedded (SQLite)',
    ])
    expect((JSON.parse(list.stdout) as { leads: Array<{ id: string }> }).leads.map((lead) => lead.id)).toEqual([leadId])
  })
})
