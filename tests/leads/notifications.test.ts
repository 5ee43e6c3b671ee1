import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LeadDetailJson } from '@site/leads/admin'
import { afterEach, describe, expect, it } from 'vitest'
import { startLeadReceiver } from './support/leadReceiver'
import { admin, startServerProcess, tinySite } from './support/serverProcess'
import { addressesOf, startSmtpSink } from './support/smtpSink'
import { newStore, STORES } from './support/stores'

// Notifications as outbox deliveries, against `pnpm serve` as its own process: a real SMTP server (smtp-server)
// and a real chat receiver (HTTP) in this process, the routing document in the content the server reads.

const FAST = {
  LEAD_OUTBOX_POLL_MS: '50',
  LEAD_RETRY_BASE_MS: '200',
  LEAD_RETRY_MAX_MS: '1000',
  LEAD_WEBHOOK_TIMEOUT_MS: '3000',
  LEAD_RATE_LIMIT_PER_MINUTE: '100000',
  LEAD_ROUTING_CACHE_MS: '0',
  LEAD_EMAIL_FROM: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
  LEAD_STUDIO_URL: 'https://studio.advisorgrowth.test',
}

const ROUTING = {
  _id: 'leadRouting',
  _type: 'leadRouting',
  _rev: 'routing-rev-1',
  rules: [
    {
      _key: 'a',
      name: 'imo-hot',
      forms: ['qualify'],
      role: ['IMO/FMO'],
      timeline: ['Immediately (this week)'],
      monthlyMarketingBudget: ['$10,000-$25,000', 'Over $25,000'],
      hot: true,
      emails: ['imo-lead@advisorgrowth.test'],
      channels: ['imo'],
    },
    {
      _key: 'b',
      name: 'sales',
      forms: ['contact'],
      hot: true,
      emails: ['sales@advisorgrowth.test'],
      channels: ['sales'],
    },
  ],
  otherwiseEmails: ['digest@advisorgrowth.test'],
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

/** A free port in 41000-41999 (this suite's range). */
async function port41(): Promise<number> {
  for (;;) {
    const port = 41000 + Math.floor(Math.random() * 1000)
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
}

function contentWith(...documents: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'lead-routing-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'content.ndjson')
  writeFileSync(file, documents.map((document) => JSON.stringify(document)).join('\n'))
  return file
}

async function serve(env: Record<string, string>, kind: (typeof STORES)[number] = 'embedded') {
  const store = await newStore(kind)
  const site = tinySite()
  cleanups.push(store.remove, () => rmSync(site, { recursive: true, force: true }))
  const server = await startServerProcess({ site, port: await port41(), env: { ...store.env, ...FAST, ...env } })
  cleanups.push(() => server.kill('SIGTERM'))
  return server
}

async function post(origin: string, form: string, key: string, payload: Record<string, unknown>) {
  const response = await fetch(`${origin}/api/leads/${form}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, origin },
    body: JSON.stringify({ payload: { ...payload, timestamp: new Date().toISOString() }, honeypot: '' }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

const contact = (email: string, name = 'Dana Reyes') => ({
  name,
  email,
  phone: '555-201-3344',
  company: 'Reyes Wealth',
  interest: 'funnels',
  message: 'Looking for <b>help</b> with funnels',
  source: 'advisorgrowth-website',
})

const imoLead = {
  firstName: 'Imogen',
  lastName: 'Ford',
  email: 'imogen@fordagency.test',
  phone: '5552019988',
  company: 'Ford Agency',
  role: 'IMO/FMO',
  numberOfAgents: '26-50',
  production12Month: '$10M-$20M',
  primaryChallenge: 'Want to scale my practice',
  monthlyMarketingBudget: '$10,000-$25,000',
  timeline: 'Immediately (this week)',
  decisionMaker: 'Yes',
  source: 'Lead Qualification Form',
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const detail = (origin: string, id: string) => admin<LeadDetailJson>(origin, `/api/admin/leads/${id}`)

describe.each(STORES)('notifications on the %s store', (kind) => {
  it('a contact lead: the team e-mail (labels, Reply-To, link) and the visitor confirmation reach the SMTP server once each; the chat channel gets Slack JSON', async () => {
    const smtp = await startSmtpSink()
    const chat = await startLeadReceiver()
    cleanups.push(smtp.close, chat.close)
    const server = await serve(
      {
        SMTP_URL: smtp.url,
        CONTENT_SEED_FILE: contentWith(ROUTING),
        LEAD_CHAT_WEBHOOKS: `sales=${chat.url('/slack/sales')},imo=teams:${chat.url('/teams/imo')}`,
      },
      kind,
    )
    const id = await post(server.origin, 'contact', 'notify-contact-0001', contact('dana@reyeswealth.test'))
    await until(
      () => smtp.accepted.length,
      (n) => n >= 2,
    )
    await until(
      () => chat.received.length,
      (n) => n >= 1,
    )

    const team = smtp.accepted.find((mail) => mail.envelopeTo.includes('sales@advisorgrowth.test'))
    const visitor = smtp.accepted.find((mail) => mail.envelopeTo.includes('dana@reyeswealth.test'))
    expect(smtp.accepted).toHaveLength(2)
    expect(team?.parsed.subject).toBe('Hot lead · Contact: Dana Reyes · Marketing Funnels')
    expect(addressesOf(team?.parsed.replyTo)).toEqual(['dana@reyeswealth.test'])
    expect(addressesOf(team?.parsed.from)).toEqual(['leads@advisorgrowth.test'])
    const text = team?.parsed.text ?? ''
    // Each answer under its label, the interest by its label (not the value `funnels`).
    expect(text).toContain('Name\n\nDana Reyes\n\nEmail\n\ndana@reyeswealth.test\n\nPhone\n\n555-201-3344')
    expect(text).toContain(
      'Company\n\nReyes Wealth\n\nInterest\n\nMarketing Funnels\n\nMessage\n\nLooking for <b>help</b> with funnels',
    )
    expect(team?.parsed.html).toContain('Looking for &lt;b&gt;help&lt;/b&gt; with funnels')
    expect(team?.parsed.html).toContain(`href="https://studio.advisorgrowth.test/leads/${id}"`)

    expect(visitor?.parsed.subject).toBe('We received your message, Dana')
    expect(visitor?.parsed.text).toContain('A member of our team replies within one business day.')
    expect(visitor?.parsed.replyTo).toBeUndefined()

    const record = await until(
      () => detail(server.origin, id),
      (d) => (d.deliveries ?? []).every((delivery) => delivery.state !== 'pending'),
    )
    const byDestination = Object.fromEntries((record.deliveries ?? []).map((d) => [d.destination, d]))
    expect(Object.keys(byDestination).sort()).toEqual(['chat:sales', 'email:sales', 'email:visitor'])
    expect(byDestination['email:sales']).toMatchObject({ state: 'delivered', last_status: 250, attempts: 1 })
    // The Message-ID is the delivery's: a resend is recognisably the same message.
    expect(team?.parsed.messageId).toBe(`<${byDestination['email:sales']?.id}@advisorgrowth.test>`)
    expect(byDestination['email:sales']?.message?.email?.subject).toBe(
      'Hot lead · Contact: Dana Reyes · Marketing Funnels',
    )
    expect(record.lead.routing_rev).toBe('routing-rev-1')
    expect(record.lead.notify).toMatchObject({ rule: 'sales', hot: true, confirmation: true })
    // The operator sees which routing the server routes by now.
    expect((await admin<{ routing: unknown }>(server.origin, '/api/admin/health')).routing).toStrictEqual({
      rev: 'routing-rev-1',
      rules: 2,
      rotation: 0,
    })

    const slack = chat.received[0]
    expect(slack?.path).toBe('/slack/sales')
    expect(slack?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(slack?.body ?? '{}')).toEqual({
      text: 'Hot lead: Dana Reyes (Contact)',
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: '*Hot lead: Dana Reyes (Contact)*\nMarketing Funnels\ndana@reyeswealth.test · 555-201-3344',
          },
        },
        {
          type: 'actions',
          elements: [
            {
              // The channel's own take link (issue 42): signed, so its token differs per lead and server.
              type: 'button',
              text: { type: 'plain_text', text: 'Take this lead' },
              url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/take\/[\w-]+\.[\w-]+$/),
              style: 'primary',
            },
            {
              type: 'button',
              text: { type: 'plain_text', text: 'Open the lead' },
              url: `https://studio.advisorgrowth.test/leads/${id}`,
            },
          ],
        },
      ],
    })

    // A second lead from the same address on the same day: the team hears of it, the visitor gets no second confirmation.
    const again = await post(server.origin, 'contact', 'notify-contact-0002', contact('Dana@ReyesWealth.test'))
    await until(
      () => smtp.accepted.length,
      (n) => n >= 3,
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.accepted.map((mail) => mail.envelopeTo.join(','))).toEqual([
      expect.any(String),
      expect.any(String),
      'sales@advisorgrowth.test',
    ])
    const second = await detail(server.origin, again)
    expect((second.deliveries ?? []).map((d) => d.destination).sort()).toEqual(['chat:sales', 'email:sales'])
    expect(second.lead.notify).toMatchObject({ confirmation: false })
  })
})

describe('notifications on the embedded store', () => {
  it('routes by answers: an IMO/FMO starting this week with $10,000+ is a hot lead for the IMO recipients at once, in Teams format on the imo channel', async () => {
    const smtp = await startSmtpSink()
    const chat = await startLeadReceiver()
    cleanups.push(smtp.close, chat.close)
    const server = await serve({
      SMTP_URL: smtp.url,
      CONTENT_SEED_FILE: contentWith(ROUTING),
      LEAD_CHAT_WEBHOOKS: `sales=${chat.url('/slack/sales')},imo=teams:${chat.url('/teams/imo')}`,
    })
    const hot = await post(server.origin, 'qualify', 'notify-imo-0001', imoLead)
    const cold = await post(server.origin, 'qualify', 'notify-imo-0002', {
      ...imoLead,
      email: 'later@fordagency.test',
      timeline: 'Just researching',
    })
    await until(
      () => chat.received.length,
      (n) => n >= 1,
    )
    await until(
      () => smtp.accepted.length,
      (n) => n >= 1,
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.accepted).toHaveLength(1)
    expect(smtp.accepted[0]?.envelopeTo).toEqual(['imo-lead@advisorgrowth.test'])
    expect(smtp.accepted[0]?.parsed.subject).toBe(
      'Hot lead · Questionnaire: Imogen Ford · IMO/FMO · Immediately (this week) · $10,000-$25,000 · Yes · $10M-$20M',
    )
    const text = smtp.accepted[0]?.parsed.text ?? ''
    for (const line of ['Number of agents', '26-50', 'Monthly marketing budget', 'Decision maker']) {
      expect(text).toContain(line)
    }
    expect(chat.received.map((request) => request.path)).toEqual(['/teams/imo'])
    const card = JSON.parse(chat.received[0]?.body ?? '{}')
    expect(card.type).toBe('message')
    expect(card.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive')
    expect(card.attachments[0].content.body[0]).toEqual({
      type: 'TextBlock',
      text: 'Hot lead: Imogen Ford (Questionnaire)',
      weight: 'Bolder',
      size: 'Medium',
      wrap: true,
    })
    expect((await detail(server.origin, hot)).lead.notify).toMatchObject({ rule: 'imo-hot', hot: true })
    // No rule takes the researcher: the "otherwise" recipients get it in the day's digest, itself a delivery.
    const coldRecord = await detail(server.origin, cold)
    expect(coldRecord.lead.notify).toMatchObject({ rule: null, hot: false, digest: ['digest@advisorgrowth.test'] })
    expect(coldRecord.deliveries?.map((d) => [d.destination, d.state])).toEqual([
      ['digest:digest@advisorgrowth.test', 'pending'],
    ])
  })

  it('a mail server answering 451 then 250 receives the message exactly once, under one Message-ID', async () => {
    const smtp = await startSmtpSink({
      answer: (index) => (index === 0 ? { code: 451, text: 'Try again later' } : 'accept'),
    })
    cleanups.push(smtp.close)
    const server = await serve({ SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: 'team@advisorgrowth.test' })
    const id = await post(server.origin, 'contact', 'notify-451-0001', contact('pat@example.test', 'Pat Lee'))
    const record = await until(
      () => detail(server.origin, id),
      (d) => d.deliveries?.[0]?.state === 'delivered',
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.replies).toEqual([451, 250])
    expect(smtp.accepted).toHaveLength(1)
    const delivery = record.deliveries?.[0]
    expect(delivery).toMatchObject({ destination: 'email:team', state: 'delivered', attempts: 2, last_status: 250 })
    expect(delivery?.attempts_log.map((attempt) => attempt.status)).toEqual([451, 250])
    expect(smtp.accepted[0]?.parsed.messageId).toBe(`<${delivery?.id}@advisorgrowth.test>`)
  })

  it('a mail server answering 550 parks the e-mail as misconfigured at once and logs it, without the address', async () => {
    const smtp = await startSmtpSink({
      refuseRecipient: () => ({ code: 550, text: '5.1.1 <team@advisorgrowth.test>: Recipient address rejected' }),
    })
    cleanups.push(smtp.close)
    const server = await serve({ SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: 'team@advisorgrowth.test' })
    const id = await post(server.origin, 'contact', 'notify-550-0001', contact('sam@example.test', 'Sam Ortiz'))
    const record = await until(
      () => detail(server.origin, id),
      (d) => d.deliveries?.[0]?.state === 'misconfigured',
    )
    expect(record.deliveries?.[0]).toMatchObject({
      destination: 'email:team',
      state: 'misconfigured',
      attempts: 1,
      last_status: 550,
    })
    expect(smtp.accepted).toHaveLength(0)
    const logged = () =>
      server
        .log()
        .split('\n')
        .filter((line) => line.includes('notification-misconfigured'))
    await expect.poll(() => logged()).toHaveLength(1)
    expect(JSON.parse(logged()[0] ?? '{}')).toMatchObject({ level: 'error', destination: 'email', status: 550 })
    expect(server.log()).not.toContain('sam@example.test')
    expect(server.log()).not.toContain('team@advisorgrowth.test')
  })

  it('a rule naming a chat channel the server does not know: that post waits, untried, for a server that has it; the e-mail still goes', async () => {
    const smtp = await startSmtpSink()
    cleanups.push(smtp.close)
    const ghost = {
      ...ROUTING,
      rules: [{ _key: 'g', name: 'ghost', emails: ['team@advisorgrowth.test'], hot: true, channels: ['ghost'] }],
    }
    const server = await serve({ SMTP_URL: smtp.url, CONTENT_SEED_FILE: contentWith(ghost), LEAD_CHAT_WEBHOOKS: '' })
    const id = await post(server.origin, 'guide', 'notify-ghost-0001', {
      name: 'Lee Chan',
      email: 'lee@example.test',
      phone: '555-123-4567',
      resource: 'Scaling Guide for $100M+ AUM',
    })
    const record = await until(
      () => detail(server.origin, id),
      (d) => (d.deliveries ?? []).some((delivery) => delivery.state === 'delivered'),
    )
    expect(record.deliveries?.map((d) => [d.destination, d.state, d.attempts])).toEqual([
      ['chat:ghost', 'pending', 0],
      ['email:ghost', 'delivered', 1],
    ])
    expect(smtp.accepted[0]?.parsed.subject).toBe('Hot lead · Guide: Lee Chan')
    expect(smtp.accepted[0]?.parsed.text).toContain('Guide\n\nScaling Guide for $100M+ AUM')
  })

  it('with no SMTP_URL the e-mail is left untried and pending, for a server that has a mail server', async () => {
    const webhook = await startLeadReceiver()
    cleanups.push(webhook.close)
    const server = await serve({ LEAD_NOTIFY_EMAIL: 'team@advisorgrowth.test', CONTACT_WEBHOOK_URL: webhook.url('/c') })
    const id = await post(server.origin, 'contact', 'notify-nosmtp-01', contact('kim@example.test', 'Kim Park'))
    // The outbox has run over the lead (its webhook is delivered) and left the e-mail alone.
    const record = await until(
      () => detail(server.origin, id),
      (d) => d.deliveries?.some((delivery) => delivery.state === 'delivered') ?? false,
    )
    const byDestination = Object.fromEntries((record.deliveries ?? []).map((d) => [d.destination, d]))
    expect(byDestination['email:team']).toMatchObject({ state: 'pending', attempts: 0, last_error: null })
    expect(byDestination['email:team']?.message).toMatchObject({ kind: 'team', to: ['team@advisorgrowth.test'] })
    expect(byDestination['webhook:contact']).toMatchObject({ state: 'delivered', attempts: 1 })
  })
})
