import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LeadDetailJson } from '@site/leads/admin'
import type { InsightsReport } from '@site/leads/insights'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { startLeadReceiver } from './support/leadReceiver'
import { ADMIN_TOKEN, admin, freePort, runLeadsCli, startServerProcess, tinySite } from './support/serverProcess'
import { type ReceivedMail, startSmtpSink } from './support/smtpSink'
import { newStore, STORES } from './support/stores'

// Follow-through against `pnpm serve` as its own process: a real SMTP server receives the team's e-mails,
// their take links are opened and pressed as a person (and a mail scanner) would, the CLI sets a status, and
// a real HTTP receiver gets the signed history events.

const EVENTS_SECRET = `whsec_${Buffer.from('follow-through-events-secret-32b').toString('base64')}`

const FAST = {
  LEAD_OUTBOX_POLL_MS: '50',
  LEAD_RETRY_BASE_MS: '200',
  LEAD_RETRY_MAX_MS: '1000',
  LEAD_WEBHOOK_TIMEOUT_MS: '3000',
  LEAD_RATE_LIMIT_PER_MINUTE: '100000',
  LEAD_ROUTING_CACHE_MS: '0',
  LEAD_EMAIL_FROM: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
  LEAD_STUDIO_URL: 'https://studio.advisorgrowth.test',
  LEAD_WEBHOOK_SECRET: EVENTS_SECRET,
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serve(kind: (typeof STORES)[number], env: Record<string, string>, storeEnv?: Record<string, string>) {
  const store = storeEnv ? { env: storeEnv, remove: () => {} } : await newStore(kind)
  const site = tinySite()
  cleanups.push(store.remove, () => rmSync(site, { recursive: true, force: true }))
  const port = await freePort()
  const server = await startServerProcess({
    site,
    port,
    env: { ...store.env, ...FAST, LEAD_TAKE_URL: `http://127.0.0.1:${port}`, ...env },
  })
  cleanups.push(() => server.kill('SIGTERM'))
  return { server, storeEnv: store.env }
}

async function postContact(origin: string, key: string, name: string, email: string) {
  const response = await fetch(`${origin}/api/leads/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, origin },
    body: JSON.stringify({
      payload: {
        name,
        email,
        phone: '555-201-3344',
        company: 'Reyes Wealth',
        interest: 'funnels',
        message: 'Ready to talk',
        timestamp: new Date().toISOString(),
        source: 'advisorgrowth-website',
      },
      honeypot: '',
    }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The take link in an e-mail, from its HTML (the button) and its text part (the same address). */
function takeLinkOf(mail: ReceivedMail | undefined): string {
  const html = typeof mail?.parsed.html === 'string' ? mail.parsed.html : ''
  const link = /href="(http:\/\/127\.0\.0\.1:\d+\/api\/take\/[^"]+)"/.exec(html)?.[1] ?? ''
  expect(mail?.parsed.text).toContain(link)
  return link.replaceAll('&amp;', '&')
}

async function press(link: string, fields: Record<string, string>) {
  return fetch(link, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { origin: new URL(link).origin },
    redirect: 'manual',
  })
}

const pageText = async (link: string) => {
  const response = await fetch(link)
  const html = await response.text()
  // The page's words as a reader sees them: tags dropped, entities of the names decoded.
  return {
    status: response.status,
    html,
    text: html
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' '),
  }
}

const detail = (origin: string, id: string) => admin<LeadDetailJson>(origin, `/api/admin/leads/${id}`)

describe.each(STORES)('taking a lead on the %s store', { timeout: 180_000 }, (kind) => {
  it('each recipient gets their own link; a fetch takes nothing; the first press owns it, the second reader sees "Taken by"; status by page and CLI; signed events', async () => {
    const smtp = await startSmtpSink()
    const events = await startLeadReceiver()
    cleanups.push(smtp.close, events.close)
    const { server } = await serve(kind, {
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_EMAIL: 'ana@advisorgrowth.test, ben@advisorgrowth.test',
      LEAD_EVENTS_WEBHOOK_URL: events.url('/crm/events'),
    })
    const id = await postContact(server.origin, 'take-0001-abcd', 'Dana Reyes', 'dana@reyeswealth.test')
    await until(
      () => smtp.accepted.length,
      (n) => n >= 2,
    )
    const mailTo = (address: string) => smtp.accepted.find((mail) => mail.envelopeTo.includes(address))
    expect(smtp.accepted.map((mail) => mail.envelopeTo).sort()).toEqual([
      ['ana@advisorgrowth.test'],
      ['ben@advisorgrowth.test'],
    ])
    const anaLink = takeLinkOf(mailTo('ana@advisorgrowth.test'))
    const benLink = takeLinkOf(mailTo('ben@advisorgrowth.test'))
    expect(anaLink).not.toBe(benLink)

    // A mail scanner fetches both links (GET and HEAD): the page says who the lead is, and nothing is taken.
    const scanned = await pageText(anaLink)
    expect(scanned.status).toBe(200)
    expect(scanned.text).toContain('Dana Reyes')
    expect(scanned.text).toContain('Contact lead · received')
    expect(scanned.text).toContain('You take it as ana@advisorgrowth.test.')
    expect(scanned.html).toContain('<button type="submit" class="button primary big">Take this lead</button>')
    expect((await fetch(benLink, { method: 'HEAD' })).status).toBe(200)
    const untouched = await detail(server.origin, id)
    expect(untouched.lead).toMatchObject({ owner: null, status: 'new' })
    expect(untouched.events).toEqual([])

    // Ana presses the button: she owns it. Ben's page then says who took it and when.
    const taken = await press(anaLink, { action: 'take' })
    expect(taken.status).toBe(303)
    expect(taken.headers.get('location')).toMatch(/\/api\/take\/[^?]+\?said=taken$/)
    const owned = await detail(server.origin, id)
    expect(owned.lead.owner).toBe('ana@advisorgrowth.test')
    const takenAt = new Date(owned.lead.taken_at ?? '')
    const when = `${takenAt.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`
    expect((await pageText(`${anaLink}?said=taken`)).text).toContain('You took this lead: it is yours.')
    expect((await pageText(benLink)).text).toContain(`Taken by ana@advisorgrowth.test at ${when}`)
    const late = await press(benLink, { action: 'take' })
    expect(late.headers.get('location')).toMatch(/\?said=already-taken$/)
    expect((await detail(server.origin, id)).lead.owner).toBe('ana@advisorgrowth.test')
    // Only the owner changes it: Ben's press of a status is refused and changes nothing.
    expect((await press(benLink, { action: 'status', status: 'contacted' })).status).toBe(422)

    // Ana marks it contacted, then qualified, on the page; the operator marks it won with its value.
    expect((await press(anaLink, { action: 'status', status: 'contacted' })).status).toBe(303)
    expect((await press(anaLink, { action: 'status', status: 'won' })).status).toBe(422) // no value
    expect((await press(anaLink, { action: 'status', status: 'qualified' })).status).toBe(303)
    const cli = await runLeadsCli(['--server', server.origin, 'status', id, 'won', '--value', '5000'], { USER: 'ops' })
    expect(cli).toMatchObject({ code: 0, stdout: `Lead ${id} is now won.\n` })

    const final = await detail(server.origin, id)
    expect(final.lead).toMatchObject({ owner: 'ana@advisorgrowth.test', status: 'won', won_value: 5000 })
    expect(final.events?.map((event) => [event.kind, event.by, event.via, event.status, event.value])).toEqual([
      ['taken', 'ana@advisorgrowth.test', 'email', null, null],
      ['status', 'ana@advisorgrowth.test', 'email', 'contacted', null],
      ['status', 'ana@advisorgrowth.test', 'email', 'qualified', null],
      ['status', 'ops', 'cli', 'won', 5000],
    ])

    // The Insights figures count it through to revenue, by form and by its owner's speed.
    const today = new Date().toISOString().slice(0, 10)
    const insights = await admin<InsightsReport>(server.origin, `/api/admin/insights?from=${today}&to=${today}`)
    expect(insights.followThrough?.byForm).toEqual([
      { form: 'contact', leads: 1, taken: 1, contacted: 1, qualified: 1, won: 1, wonValue: 5000 },
    ])
    expect(insights.followThrough?.speed).toEqual([
      expect.objectContaining({ person: 'ana@advisorgrowth.test', leads: 1, takeMedianMinutes: expect.any(Number) }),
    ])

    // `pnpm leads show` and the CSV export carry the owner, the status and the history.
    const shown = await runLeadsCli(['--server', server.origin, 'show', id], { USER: 'ops' })
    expect(shown.stdout).toContain('Follow-through\n  Owner')
    expect(shown.stdout).toMatch(/Status\s+Won \(value 5000\)/)
    expect(shown.stdout).toMatch(/taken by ana@advisorgrowth\.test via email/)
    expect(shown.stdout).toMatch(/status Won \(value 5000\) by ops via cli/)
    const csv = await (
      await fetch(`${server.origin}/api/admin/export.csv`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).text()
    const [header, row] = csv.split('\r\n')
    const columns = header?.split(',') ?? []
    const cells = [...(row ?? '').matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]?.replaceAll('""', '"'))
    const cell = (name: string) => cells[columns.indexOf(name)]
    expect(cell('owner')).toBe('ana@advisorgrowth.test')
    expect(cell('status')).toBe('won')
    expect(cell('won_value')).toBe('5000')
    expect(cell('history')).toContain('taken by ana@advisorgrowth.test via email')
    expect(cell('history')).toContain('status won 5000 by ops via cli')

    // The CRM follows through the outbox: one signed event per change, in order.
    const received = await until(
      () => events.received.length,
      (n) => n >= 4,
    )
    expect(received).toBe(4)
    const webhook = new Webhook(EVENTS_SECRET)
    const bodies = events.received
      .map(
        (request) =>
          webhook.verify(request.body, request.headers as Record<string, string>) as {
            type: string
            timestamp: string
            data: Record<string, unknown>
          },
      )
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    expect(bodies.map((body) => [body.type, body.data.status, body.data.by])).toEqual([
      ['lead.claimed', 'new', 'ana@advisorgrowth.test'],
      ['lead.status_changed', 'contacted', 'ana@advisorgrowth.test'],
      ['lead.status_changed', 'qualified', 'ana@advisorgrowth.test'],
      ['lead.status_changed', 'won', 'ops'],
    ])
    expect(bodies[3]?.data).toMatchObject({ leadId: id, owner: 'ana@advisorgrowth.test', value: 5000, via: 'cli' })
  })
})

describe('take links on the embedded store', { timeout: 120_000 }, () => {
  it('a tampered or expired link takes nothing and says why; the owner hands the lead back and another takes it', async () => {
    const smtp = await startSmtpSink()
    cleanups.push(smtp.close)
    const { server } = await serve('embedded', {
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_EMAIL: 'ana@advisorgrowth.test,ben@advisorgrowth.test',
    })
    const id = await postContact(server.origin, 'take-0002-abcd', 'Lee Chan', 'lee@example.test')
    await until(
      () => smtp.accepted.length,
      (n) => n >= 2,
    )
    const anaLink = takeLinkOf(smtp.accepted.find((mail) => mail.envelopeTo.includes('ana@advisorgrowth.test')))
    const benLink = takeLinkOf(smtp.accepted.find((mail) => mail.envelopeTo.includes('ben@advisorgrowth.test')))

    // Ben's link with Ana's address put in: the signature no longer matches.
    const [base, token] = benLink.split('/api/take/')
    const [body, signature] = (token ?? '').split('.')
    const forged = Buffer.from(
      Buffer.from(body ?? '', 'base64url')
        .toString()
        .replace('ben@', 'ana@'),
    ).toString('base64url')
    const tampered = `${base}/api/take/${forged}.${signature}`
    expect((await pageText(tampered)).text).toContain('This link is not valid')
    expect((await press(tampered, { action: 'take' })).status).toBe(400)
    expect((await detail(server.origin, id)).lead.owner).toBeNull()

    // A press from another site's page is refused.
    const foreign = await fetch(anaLink, {
      method: 'POST',
      body: new URLSearchParams({ action: 'take' }),
      headers: { origin: 'https://evil.example' },
      redirect: 'manual',
    })
    expect(foreign.status).toBe(403)
    expect((await detail(server.origin, id)).lead.owner).toBeNull()

    expect((await press(anaLink, { action: 'take' })).status).toBe(303)
    expect((await press(anaLink, { action: 'hand-back' })).headers.get('location')).toMatch(/\?said=handed-back$/)
    expect((await detail(server.origin, id)).lead.owner).toBeNull()
    expect((await press(benLink, { action: 'take' })).headers.get('location')).toMatch(/\?said=taken$/)
    const record = await detail(server.origin, id)
    expect(record.lead.owner).toBe('ben@advisorgrowth.test')
    expect(record.events?.map((event) => [event.kind, event.by])).toEqual([
      ['taken', 'ana@advisorgrowth.test'],
      ['handed-back', 'ana@advisorgrowth.test'],
      ['taken', 'ben@advisorgrowth.test'],
    ])
  })

  it('a link past LEAD_TAKE_LINK_TTL is refused with 410 and takes nothing', async () => {
    const smtp = await startSmtpSink()
    cleanups.push(smtp.close)
    const { server } = await serve('embedded', {
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_EMAIL: 'ana@advisorgrowth.test',
      LEAD_TAKE_LINK_TTL: '1s',
    })
    const id = await postContact(server.origin, 'take-0003-abcd', 'Kim Park', 'kim@example.test')
    const mail = await until(
      () => smtp.accepted[0],
      (found) => found !== undefined,
    )
    const link = takeLinkOf(mail)
    await until(
      () => Date.now(),
      (now) => now > (mail?.acceptedAt ?? 0) + 2_000,
      5_000,
    )
    const expired = await pageText(link)
    expect(expired.status).toBe(410)
    expect(expired.text).toContain('This link has expired')
    expect((await press(link, { action: 'take' })).status).toBe(410)
    expect((await detail(server.origin, id)).lead.owner).toBeNull()
  })
})

describe.each(STORES)('two server processes on one %s store', { timeout: 180_000 }, (kind) => {
  it('both press "Take" for the same lead at once, many times: every lead gets exactly one owner', async () => {
    const smtp = await startSmtpSink()
    cleanups.push(smtp.close)
    const env = { SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: 'ana@advisorgrowth.test,ben@advisorgrowth.test' }
    const first = await serve(kind, env)
    const second = await serve(kind, env, first.storeEnv)
    const leads = 6
    const ids: string[] = []
    for (let index = 0; index < leads; index++) {
      ids.push(
        await postContact(first.server.origin, `race-${index}-abcdefgh`, `Racer ${index}`, `r${index}@example.test`),
      )
    }
    await until(
      () => smtp.accepted.length,
      (n) => n >= leads * 2,
    )
    for (const id of ids) {
      const linkFor = (address: string) =>
        takeLinkOf(
          smtp.accepted.find(
            (mail) => mail.envelopeTo.includes(address) && String(mail.parsed.html).includes(`/leads/${id}`),
          ),
        )
      // Ana's press goes to one process, Ben's to the other, at the same moment.
      const onServer = (link: string, origin: string) => link.replace(/^http:\/\/127\.0\.0\.1:\d+/, origin)
      const presses = await Promise.all([
        press(onServer(linkFor('ana@advisorgrowth.test'), first.server.origin), { action: 'take' }),
        press(onServer(linkFor('ben@advisorgrowth.test'), second.server.origin), { action: 'take' }),
      ])
      const saids = presses.map((response) => response.headers.get('location')?.split('?said=')[1]).sort()
      expect(saids).toEqual(['already-taken', 'taken'])
      const record = await detail(second.server.origin, id)
      expect(record.events?.filter((event) => event.kind === 'taken')).toHaveLength(1)
      expect(record.lead.owner).toBe(record.events?.[0]?.by)
    }
  })
})

describe('the CRM status webhook on the embedded store', { timeout: 120_000 }, () => {
  it('a signed status change is recorded as the CRM; an unsigned, stale or badly signed one is refused and changes nothing', async () => {
    const crmSecret = `whsec_${Buffer.from('crm-status-webhook-secret-32byte').toString('base64')}`
    const { server } = await serve('embedded', { LEAD_CRM_SECRET: crmSecret })
    const id = await postContact(server.origin, 'crm-0001-abcdef', 'Noor Haddad', 'noor@example.test')
    const send = (body: object, secret = crmSecret, at = new Date()) => {
      const text = JSON.stringify(body)
      const messageId = `msg_${Math.random().toString(36).slice(2)}`
      return fetch(`${server.origin}/api/crm/status`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(messageId, at, text),
        },
        body: text,
      })
    }
    const other = `whsec_${Buffer.from('some-other-secret-of-32-bytes-xx').toString('base64')}`
    expect((await send({ leadId: id, status: 'qualified' }, other)).status).toBe(401)
    expect(
      (await send({ leadId: id, status: 'qualified' }, crmSecret, new Date(Date.now() - 10 * 60_000))).status,
    ).toBe(401)
    const unsigned = await fetch(`${server.origin}/api/crm/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ leadId: id, status: 'won', value: 1 }),
    })
    expect(unsigned.status).toBe(401)
    expect((await detail(server.origin, id)).events).toEqual([])

    const lostWithout = await send({ leadId: id, status: 'lost', reason: 'Bored' })
    expect(lostWithout.status).toBe(400)
    expect(((await lostWithout.json()) as { error: string }).error).toBe(
      'reason: one of No budget, Chose a competitor, No response, Timing',
    )
    expect((await send({ leadId: id, status: 'lost', reason: 'Chose a competitor' })).status).toBe(200)
    const record = await detail(server.origin, id)
    expect(record.lead).toMatchObject({ status: 'lost', lost_reason: 'Chose a competitor', owner: null })
    expect(record.events?.map((event) => [event.kind, event.by, event.via, event.status, event.reason])).toEqual([
      ['status', 'crm', 'crm', 'lost', 'Chose a competitor'],
    ])
  })
})

describe.each(STORES)('the rotation on the %s store', { timeout: 180_000 }, (kind) => {
  it('LEAD_CLAIM_WINDOW offers a lead to one person at a time, the next after the window (across a restart), and LEAD_ESCALATION_EMAIL hears of the one nobody took', async () => {
    const smtp = await startSmtpSink()
    cleanups.push(smtp.close)
    const env = {
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_EMAIL: 'ana@advisorgrowth.test,ben@advisorgrowth.test',
      LEAD_CLAIM_WINDOW: '4s',
      LEAD_ESCALATION_EMAIL: 'boss@advisorgrowth.test',
      LEAD_ESCALATE_AFTER: '10s',
    }
    const first = await serve(kind, env)
    const id = await postContact(first.server.origin, 'rotate-0001-abcd', 'Dana Reyes', 'dana@reyeswealth.test')
    const storedAt = Date.now()
    await until(
      () => smtp.accepted.length,
      (n) => n >= 1,
    )
    expect(smtp.accepted.map((mail) => mail.envelopeTo)).toEqual([['ana@advisorgrowth.test']])

    // The server stops; another process on the same store makes the next offer, from the stored state.
    await first.server.kill('SIGTERM')
    const second = await serve(kind, env, first.storeEnv)
    await until(
      () => smtp.accepted.length,
      (n) => n >= 2,
    )
    expect(smtp.accepted[1]?.envelopeTo).toEqual(['ben@advisorgrowth.test'])
    // Not before Ana's window (4 s from her offer, made after the lead was stored) had passed.
    expect((smtp.accepted[1]?.acceptedAt ?? 0) - storedAt).toBeGreaterThanOrEqual(4_000)

    // Nobody takes it: after LEAD_ESCALATE_AFTER the escalation address is told, once, with its own take link.
    const escalation = await until(
      () => smtp.accepted.find((mail) => mail.envelopeTo.includes('boss@advisorgrowth.test')),
      (mail) => mail !== undefined,
      30_000,
    )
    expect(escalation?.parsed.subject).toBe('Not taken yet · Contact: Dana Reyes · Marketing Funnels')
    expect(smtp.accepted.map((mail) => mail.envelopeTo[0])).toEqual([
      'ana@advisorgrowth.test',
      'ben@advisorgrowth.test',
      'boss@advisorgrowth.test',
    ])
    expect((await press(takeLinkOf(escalation), { action: 'take' })).status).toBe(303)
    const record = await detail(second.server.origin, id)
    expect(record.lead).toMatchObject({ owner: 'boss@advisorgrowth.test', offer_to: 'ben@advisorgrowth.test' })

    // The next lead is Ana's turn again (round robin); she takes it at once: nobody else hears of it.
    const next = await postContact(second.server.origin, 'rotate-0002-abcd', 'Lee Chan', 'lee@example.test')
    const offer = await until(
      () => smtp.accepted[3],
      (mail) => mail !== undefined,
    )
    expect(offer?.envelopeTo).toEqual(['ana@advisorgrowth.test'])
    expect((await press(takeLinkOf(offer), { action: 'take' })).status).toBe(303)
    await until(
      () => Date.now(),
      (now) => now > (offer?.acceptedAt ?? 0) + 12_000,
      15_000,
    )
    expect(smtp.accepted).toHaveLength(4)
    expect((await detail(second.server.origin, next)).lead.owner).toBe('ana@advisorgrowth.test')
  })
})

describe('the routing document’s rotation on the embedded store', { timeout: 120_000 }, () => {
  it('offers a lead in turn, skipping whoever is marked away, with the document’s claim window and escalation; LEAD_NOTIFY_EMAIL is not told at once; the confirmation says when to expect a call', async () => {
    const smtp = await startSmtpSink()
    const dir = mkdtempSync(join(tmpdir(), 'routing-rotation-'))
    cleanups.push(smtp.close, () => rmSync(dir, { recursive: true, force: true }))
    const content = join(dir, 'content.ndjson')
    writeFileSync(
      content,
      JSON.stringify({
        _id: 'leadRouting',
        _type: 'leadRouting',
        _rev: 'routing-rev-1',
        rotation: [
          { _key: 'a', email: 'ana@advisorgrowth.test', away: true },
          { _key: 'b', email: 'ben@advisorgrowth.test', away: false },
          { _key: 'c', email: 'cat@advisorgrowth.test' },
        ],
        // 3 s and 15 s: a marketer types minutes; fractions keep the test short.
        claimWindowMinutes: 0.05,
        escalationEmails: ['boss@advisorgrowth.test'],
        escalateAfterMinutes: 0.25,
        confirmations: [
          {
            _key: 'c',
            form: 'contact',
            subject: 'We received your message',
            body: 'Thank you, {name}. Expect our call {callTime}.',
          },
        ],
      }),
    )
    const { server } = await serve('embedded', {
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_EMAIL: 'team@advisorgrowth.test',
      CONTENT_SEED_FILE: content,
    })
    const storedAt = Date.now()
    const id = await postContact(server.origin, 'doc-rotate-0001-abcd', 'Dana Reyes', 'dana@reyeswealth.test')
    await until(
      () => smtp.accepted.length,
      (n) => n >= 4,
      40_000,
    )
    const team = smtp.accepted.filter((mail) => !mail.envelopeTo.includes('dana@reyeswealth.test'))
    expect(team.map((mail) => mail.envelopeTo)).toEqual([
      ['ben@advisorgrowth.test'],
      ['cat@advisorgrowth.test'],
      ['boss@advisorgrowth.test'],
    ])
    const [, cat, boss] = team
    // Not before Ben's window (3 s from his offer, made once the lead was stored) had passed.
    expect((cat?.acceptedAt ?? 0) - storedAt).toBeGreaterThanOrEqual(3_000)
    expect((boss?.acceptedAt ?? 0) - storedAt).toBeGreaterThanOrEqual(15_000)
    expect(boss?.parsed.subject).toBe('Not taken yet · Contact: Dana Reyes · Marketing Funnels')
    const confirmation = smtp.accepted.find((mail) => mail.envelopeTo.includes('dana@reyeswealth.test'))
    expect(confirmation?.parsed.text).toContain('Thank you, Dana. Expect our call within 15 seconds.')

    // Everyone in the rotation has had it once and the manager was told: nobody else hears of it.
    await new Promise((resolve) => setTimeout(resolve, 4_000))
    expect(smtp.accepted).toHaveLength(4)
    expect((await detail(server.origin, id)).lead).toMatchObject({ owner: null, offer_to: 'cat@advisorgrowth.test' })
  })
})
