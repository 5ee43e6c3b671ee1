import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LeadDetailJson } from '@site/leads/admin'
import { afterEach, describe, expect, it } from 'vitest'
import { admin, freePort, startServerProcess, tinySite } from './support/serverProcess'
import { addressesOf, type ReceivedMail, startSmtpSink } from './support/smtpSink'
import { newStore } from './support/stores'

// Point 6 of issue 39: the visitor confirmation cannot be used as a mailer. `pnpm serve` as its own process
// with a real SMTP server; every lead comes from one client address (127.0.0.1), each naming another victim.

const ROUTING = {
  _id: 'leadRouting',
  _type: 'leadRouting',
  _rev: 'routing-rev-1',
  rules: [],
  otherwiseEmails: [],
  confirmations: [
    {
      _key: 'c',
      form: 'contact',
      subject: 'We received your message, {name}',
      body: 'Thank you, {name}.\n\nA member of our team replies within one business day.',
    },
  ],
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serve(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'confirmation-limits-'))
  const content = join(dir, 'content.ndjson')
  writeFileSync(content, JSON.stringify(ROUTING))
  const smtp = await startSmtpSink()
  const store = await newStore('embedded')
  const site = tinySite()
  cleanups.push(smtp.close, store.remove, () => rmSync(dir, { recursive: true, force: true }))
  cleanups.push(() => rmSync(site, { recursive: true, force: true }))
  const server = await startServerProcess({
    site,
    port: await freePort(),
    env: {
      ...store.env,
      CONTENT_SEED_FILE: content,
      LEAD_OUTBOX_POLL_MS: '50',
      LEAD_RATE_LIMIT_PER_MINUTE: '100000',
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_EMAIL: 'team@advisorgrowth.test',
      LEAD_EMAIL_FROM: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
      ...env,
    },
  })
  cleanups.push(() => server.kill('SIGTERM'))
  return { server, smtp }
}

// Passes the spam checks (no link or markup): what a mailer would type to reach a stranger's inbox.
const SPAM_NAME = 'Mallory Cheapest-Pharmacy Deals Call 5550100 Today'

async function postContact(origin: string, key: string, email: string, honeypot = '') {
  const response = await fetch(`${origin}/api/leads/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, origin },
    body: JSON.stringify({
      payload: {
        name: SPAM_NAME,
        email,
        phone: '',
        company: '',
        interest: 'other',
        message: 'Best prices on pharmacy deals today',
        timestamp: new Date().toISOString(),
        source: 'advisorgrowth-website',
      },
      honeypot,
    }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

const to = (mail: ReceivedMail) => addressesOf(mail.parsed.to)
const visitorMails = (accepted: ReceivedMail[]) =>
  accepted.filter((mail) => !to(mail).includes('team@advisorgrowth.test'))
const teamMails = (accepted: ReceivedMail[]) => accepted.filter((mail) => to(mail).includes('team@advisorgrowth.test'))

async function settled(origin: string, ids: string[]) {
  await expect
    .poll(
      async () => {
        const details = await Promise.all(ids.map((id) => admin<LeadDetailJson>(origin, `/api/admin/leads/${id}`)))
        return details.flatMap((d) => d.deliveries ?? []).filter((delivery) => delivery.state === 'pending').length
      },
      { timeout: 30_000 },
    )
    .toBe(0)
}

describe('visitor confirmations', () => {
  it('20 leads from one address naming 20 victims: 3 confirmations (the hourly limit per address), 20 team e-mails; the confirmation repeats a first name only', async () => {
    const { server, smtp } = await serve({})
    const ids: string[] = []
    for (let index = 0; index < 20; index++) {
      ids.push(await postContact(server.origin, `victim-lead-${index}-0001`, `victim${index}@elsewhere.test`))
    }
    await settled(server.origin, ids)
    expect(teamMails(smtp.accepted)).toHaveLength(20)
    const confirmations = visitorMails(smtp.accepted)
    // The first three leads' confirmations were queued; the outbox sends them in any order.
    expect(confirmations.map(to).sort()).toStrictEqual([
      ['victim0@elsewhere.test'],
      ['victim1@elsewhere.test'],
      ['victim2@elsewhere.test'],
    ])
    for (const mail of confirmations) {
      expect(mail.parsed.subject).toBe('We received your message, Mallory')
      expect(mail.parsed.text).toContain('Thank you, Mallory.')
      const everything = `${mail.parsed.subject}\n${mail.parsed.text}\n${mail.parsed.html}`
      for (const echoed of ['Cheapest', 'Pharmacy', '5550100', 'prices']) expect(everything).not.toContain(echoed)
    }
    // The log lines reach this process through a pipe, maybe after the responses.
    await expect.poll(() => server.log().match(/"confirmation-withheld"/g)).toHaveLength(17)
    expect(server.log()).toContain('"reason":"address-limit"')
    expect(server.log()).not.toContain('elsewhere.test')
  })

  it('the daily ceiling holds across addresses, and a lead released from the quarantine gets no confirmation', async () => {
    const { server, smtp } = await serve({
      LEAD_CONFIRMATIONS_PER_ADDRESS_HOUR: '100',
      LEAD_CONFIRMATIONS_PER_DAY: '2',
    })
    const held = await postContact(server.origin, 'held-lead-0001', 'held@elsewhere.test', 'a bot filled this')
    const released = await admin<{ released: boolean }>(server.origin, `/api/admin/leads/${held}/release`, 'POST')
    expect(released.released).toBe(true)
    const ids = [held]
    for (let index = 0; index < 5; index++) {
      ids.push(await postContact(server.origin, `ceiling-lead-${index}-0001`, `ceiling${index}@elsewhere.test`))
    }
    await settled(server.origin, ids)
    expect(teamMails(smtp.accepted)).toHaveLength(6)
    expect(visitorMails(smtp.accepted).map(to).sort()).toStrictEqual([
      ['ceiling0@elsewhere.test'],
      ['ceiling1@elsewhere.test'],
    ])
    const heldDetail = await admin<LeadDetailJson>(server.origin, `/api/admin/leads/${held}`)
    expect((heldDetail.deliveries ?? []).map((delivery) => delivery.destination)).toStrictEqual(['email:team'])
    await expect.poll(() => server.log()).toContain('"reason":"daily-ceiling"')
  })
})
