import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LeadDetailJson, LeadSummaryJson } from '@site/leads/admin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notifyConfigFromEnv } from '../../apps/server/src/leads/delivery/notifyConfig'
import { renderNotification } from '../../apps/server/src/leads/delivery/renderMessage'
import { claimedDigest } from './support/claimedDigest'
import { startLeadReceiver } from './support/leadReceiver'
import { useLeadServer } from './support/leadServer'
import { admin, runLeadsCli, startServerProcess, tinySite } from './support/serverProcess'
import { startSmtpSink } from './support/smtpSink'
import { newStore, STORES } from './support/stores'

// Point 2 of issue 39: a repeat is the same submission, not the same person. `pnpm serve` runs as its own process
// on each store, with a real SMTP server (smtp-server), a real webhook receiver and real Slack and Teams
// receivers (HTTP) in this process; the routing document is in the content the server reads.

const STUDIO = 'https://studio.advisorgrowth.test'

const ROUTING = {
  _id: 'leadRouting',
  _type: 'leadRouting',
  _rev: 'routing-rev-1',
  rules: [
    {
      _key: 'b',
      name: 'sales',
      forms: ['contact'],
      hot: true,
      emails: ['sales@advisorgrowth.test'],
      channels: ['sales', 'ops'],
    },
  ],
  otherwiseEmails: ['digest@advisorgrowth.test'],
  confirmations: [
    { _key: 'c', form: 'contact', subject: 'We received your message, {name}', body: 'Thank you, {name}.' },
    { _key: 'g', form: 'guide', subject: 'Your guide, {name}', body: 'Here it is, {name}.' },
  ],
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A free port in 43000-43999 (this suite's range). */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 43000 + Math.floor(Math.random() * 1000)
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
}

function routingContent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'second-message-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'content.ndjson')
  writeFileSync(file, JSON.stringify(ROUTING))
  return file
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const contact = (email: string, message: string) => ({
  name: 'Dana Reyes',
  email,
  phone: '555-201-3344',
  company: 'Reyes Wealth',
  interest: 'funnels',
  message,
  source: 'advisorgrowth-website',
})

describe.each(STORES)('a second message on the %s store', { timeout: 180_000 }, (kind) => {
  it('the same answers again are a repeat (stored, told to nobody); a new question from the same e-mail reaches every channel marked as another message, with a link to the first; one confirmation a day', async () => {
    const smtp = await startSmtpSink()
    const chat = await startLeadReceiver()
    const webhook = await startLeadReceiver()
    cleanups.push(smtp.close, chat.close, webhook.close)
    const store = await newStore(kind)
    const site = tinySite()
    cleanups.push(store.remove, () => rmSync(site, { recursive: true, force: true }))
    const server = await startServerProcess({
      site,
      port: await freePort(),
      env: {
        ...store.env,
        LEAD_OUTBOX_POLL_MS: '50',
        LEAD_RATE_LIMIT_PER_MINUTE: '100000',
        LEAD_ROUTING_CACHE_MS: '0',
        LEAD_EMAIL_FROM: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
        LEAD_STUDIO_URL: STUDIO,
        LEAD_DUPLICATE_WINDOW: '24h',
        SMTP_URL: smtp.url,
        CONTENT_SEED_FILE: routingContent(),
        CONTACT_WEBHOOK_URL: webhook.url('/contact'),
        LEAD_CHAT_WEBHOOKS: `sales=${chat.url('/slack/sales')},ops=teams:${chat.url('/teams/ops')}`,
      },
    })
    cleanups.push(() => server.kill('SIGTERM'))
    const post = async (form: string, key: string, payload: Record<string, unknown>) => {
      const response = await fetch(`${server.origin}/api/leads/${form}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, origin: server.origin },
        body: JSON.stringify({ payload: { ...payload, timestamp: new Date().toISOString() }, honeypot: '' }),
      })
      expect(response.status).toBe(201)
      return ((await response.json()) as { id: string }).id
    }
    const detail = (id: string) => admin<LeadDetailJson>(server.origin, `/api/admin/leads/${id}`)
    const settled = (id: string) =>
      until(
        () => detail(id),
        (record) => (record.deliveries ?? []).every((delivery) => delivery.state !== 'pending'),
      )

    const first = await post(
      'contact',
      'second-message-0001',
      contact('dana@reyeswealth.test', 'Looking for help with funnels'),
    )
    await until(
      () => smtp.accepted.length + chat.received.length + webhook.received.length,
      (n) => n >= 5,
    )
    await settled(first)
    expect((await detail(first)).lead.first_lead).toBeNull()

    // The same message again, as another tab or a "did it go?" resend types it: other case, other spaces.
    const repeat = await post(
      'contact',
      'second-message-0002',
      contact(' Dana@ReyesWealth.test', '  LOOKING for help\n  with   funnels '),
    )
    const repeated = await detail(repeat)
    expect(repeated.lead.repeat_of).toBe(first)
    expect(repeated.deliveries).toEqual([])

    // An hour later in the visitor's life: a different question.
    const second = await post(
      'contact',
      'second-message-0003',
      contact('dana@reyeswealth.test', 'And what do ads cost?'),
    )
    await until(
      () => webhook.received.length,
      (n) => n >= 2,
    )
    await until(
      () => chat.received.length,
      (n) => n >= 4,
    )
    const record = await settled(second)
    expect(record.lead.repeat_of).toBeNull()
    expect(record.lead.first_lead).toBe(first)
    expect(record.lead.notify).toMatchObject({ rule: 'sales', hot: true, confirmation: false })
    expect(record.deliveries?.map((d) => [d.destination, d.state]).sort()).toEqual([
      ['chat:ops', 'delivered'],
      ['chat:sales', 'delivered'],
      ['email:sales', 'delivered'],
      ['webhook:contact', 'delivered'],
    ])

    // The team's e-mail: marked in the subject, the HTML and the text, with the Leads tool's link to the first.
    const firstLink = `${STUDIO}/leads/${first}`
    const teamMails = smtp.accepted.filter((mail) => mail.envelopeTo.includes('sales@advisorgrowth.test'))
    expect(teamMails.map((mail) => mail.parsed.subject)).toEqual([
      'Hot lead · Contact: Dana Reyes · Marketing Funnels',
      'Hot lead · Another message from this person · Contact: Dana Reyes · Marketing Funnels',
    ])
    const mail = teamMails[1]
    expect(mail?.parsed.html).toContain(`<strong>Another message from this person.</strong> <a href="${firstLink}"`)
    expect(mail?.parsed.html).toContain(`>Open their first message</a>`)
    expect(mail?.parsed.text).toContain(`Another message from this person. Open their first message ${firstLink}`)
    expect(mail?.parsed.text).toContain('And what do ads cost?')
    expect(teamMails[0]?.parsed.text).not.toContain('Another message')

    // One confirmation to the visitor, for the first lead only; the webhook gets the second lead as sent.
    expect(smtp.accepted.filter((m) => m.envelopeTo.includes('dana@reyeswealth.test'))).toHaveLength(1)
    expect(JSON.parse(webhook.received[1]?.body ?? '{}')).toMatchObject({ message: 'And what do ads cost?' })

    // Slack: the mark under the title and a button to the first lead.
    const posts = (path: string) =>
      chat.received.filter((request) => request.path === path).map((r) => JSON.parse(r.body))
    const [slackFirst, slackSecond] = posts('/slack/sales')
    expect(slackFirst.text).toBe('Hot lead: Dana Reyes (Contact)')
    expect(slackSecond.text).toBe('Hot lead: Dana Reyes (Contact) · Another message from this person')
    expect(slackSecond.blocks[0].text.text).toBe(
      '*Hot lead: Dana Reyes (Contact)*\n_Another message from this person_\nMarketing Funnels\ndana@reyeswealth.test · 555-201-3344',
    )
    expect(slackSecond.blocks[1].elements.at(-1)).toEqual({
      type: 'button',
      text: { type: 'plain_text', text: 'Open their first message' },
      url: firstLink,
    })
    expect(slackFirst.blocks[1].elements.map((button: { text: { text: string } }) => button.text.text)).not.toContain(
      'Open their first message',
    )

    // Teams: a TextBlock with the mark and an action to the first lead.
    const [, teamsSecond] = posts('/teams/ops')
    const card = teamsSecond.attachments[0].content
    expect(card.body[1]).toEqual({
      type: 'TextBlock',
      text: 'Another message from this person',
      weight: 'Bolder',
      color: 'Accent',
      wrap: true,
    })
    expect(card.actions.at(-1)).toEqual({ type: 'Action.OpenUrl', title: 'Open their first message', url: firstLink })

    // The admin API's list (the Leads tool, `pnpm leads list`) names the first lead.
    const listed = await admin<{ leads: LeadSummaryJson[] }>(server.origin, '/api/admin/leads')
    expect(listed.leads.map((lead) => [lead.id, lead.state, lead.repeatOf, lead.firstLead])).toEqual([
      [second, 'delivered', null, first],
      [repeat, 'repeat', first, first],
      [first, 'delivered', null, null],
    ])

    // `pnpm leads show` says it of the second lead, naming the first; not of the first.
    const [shownSecond, shownFirst] = await Promise.all([
      runLeadsCli(['show', second, '--server', server.origin]),
      runLeadsCli(['show', first, '--server', server.origin]),
    ])
    expect(shownSecond.code).toBe(0)
    expect(shownSecond.stdout).toMatch(
      new RegExp(`Person +Another message from this person: their first is ${first}\n`),
    )
    expect(shownFirst.stdout).not.toContain('Another message')

    // Another form the same day from the same address: told to the team, but no second confirmation that day.
    const guide = await post('guide', 'second-message-0004', {
      name: 'Dana Reyes',
      email: 'dana@reyeswealth.test',
      phone: '555-201-3344',
      resource: 'Scaling Guide',
    })
    const guideRecord = await detail(guide)
    expect(guideRecord.lead.first_lead).toBe(first)
    expect(guideRecord.lead.notify).toMatchObject({ confirmation: false })
    expect(guideRecord.deliveries?.map((d) => d.destination)).toEqual(['digest:digest@advisorgrowth.test'])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.accepted.filter((m) => m.envelopeTo.includes('dana@reyeswealth.test'))).toHaveLength(1)
  })
})

describe.each(STORES)('the digest on the %s store', (kind) => {
  const server = useLeadServer(kind)
  const content = routingContent

  it('lists another message from a person with the link to their first', async () => {
    // The service in this process reads the content the build reads from its own environment.
    vi.stubEnv('CONTENT_SEED_FILE', content())
    cleanups.push(() => {
      vi.unstubAllEnvs()
    })
    await server.start({ LEAD_ROUTING_CACHE_MS: '0', LEAD_STUDIO_URL: STUDIO })
    const post = async (key: string, payload: Record<string, unknown>) => {
      const response = await server.service.app.request('/api/leads/guide', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ payload: { ...payload, timestamp: new Date().toISOString() }, honeypot: '' }),
      })
      expect(response.status).toBe(201)
      return ((await response.json()) as { id: string }).id
    }
    const guide = (resource: string) => ({ name: 'Ann Lee', email: 'ann@leewealth.test', phone: '555-0100', resource })
    const first = await post('digest-second-0001', guide('Scaling Guide'))
    const second = await post('digest-second-0002', guide('Another guide'))
    const claim = claimedDigest({ id: second, form: 'guide' }, 'digest@advisorgrowth.test')
    const rendered = await renderNotification(
      claim,
      notifyConfigFromEnv({ LEAD_STUDIO_URL: STUDIO }),
      server.service.store.db,
    )
    const text = rendered.email?.text ?? ''
    expect(rendered.email?.subject).toMatch(/^2 new leads · digest of /)
    expect(text).toContain(
      `Ann Lee ${STUDIO}/leads/${second} · Guide · Another message from this person: Open their first message ${STUDIO}/leads/${first}`,
    )
    expect(text).not.toContain(`Ann Lee ${STUDIO}/leads/${first} · Guide · Another`)
    expect(rendered.email?.html).toContain(`href="${STUDIO}/leads/${first}"`)
  })
})
