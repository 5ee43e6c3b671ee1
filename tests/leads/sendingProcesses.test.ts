import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type LeadDetailJson,
  type LeadReleaseJson,
  type LeadReplayJson,
  type LeadSendingJson,
  releaseText,
  replayText,
} from '@site/leads/admin'
import { afterEach, describe, expect, it } from 'vitest'
import { startLeadReceiver } from './support/leadReceiver'
import { ADMIN_TOKEN, admin, freePort, type ServerProcess, startServerProcess, tinySite } from './support/serverProcess'
import { addressesOf, startSmtpSink } from './support/smtpSink'
import { newStore, STORES } from './support/stores'

// Issue 39, point 1: two real `pnpm serve` processes on one store, as `npm start` and the Studio's lead server
// are. The one without mail or chat settings never claims an e-mail or a chat post (nor parks it as not
// sent): it leaves them pending for the one that has the settings, which sends them.

const FAST = {
  LEAD_OUTBOX_POLL_MS: '50',
  LEAD_RETRY_BASE_MS: '200',
  LEAD_RETRY_MAX_MS: '1000',
  LEAD_WEBHOOK_TIMEOUT_MS: '3000',
  LEAD_ROUTING_CACHE_MS: '0',
  LEAD_EMAIL_FROM: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
  LEAD_NOTIFY_EMAIL: 'team@advisorgrowth.test',
}

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
      channels: ['sales'],
    },
  ],
  otherwiseEmails: [],
  confirmations: [
    { _key: 'c', form: 'contact', subject: 'We received your message, {name}', body: 'Thank you, {name}.' },
  ],
}

/** Three processes start on a loaded 2-core machine in well over the suite's 60 s: a bound, not a wait. */
const PROCESS_TEST_TIMEOUT = 240_000

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function post(origin: string, key: string, email: string, honeypot = ''): Promise<string> {
  const response = await fetch(`${origin}/api/leads/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, origin },
    body: JSON.stringify({
      payload: {
        name: 'Dana Reyes',
        email,
        phone: '555-201-3344',
        company: 'Reyes Wealth',
        interest: 'funnels',
        message: 'Looking for help with funnels',
        timestamp: new Date().toISOString(),
        source: 'advisorgrowth-website',
      },
      honeypot,
    }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

const detail = (origin: string, id: string) => admin<LeadDetailJson>(origin, `/api/admin/leads/${id}`)
/** Each delivery as [destination, state, attempts], by destination. */
const states = (record: LeadDetailJson) =>
  record.deliveries
    .map((delivery) => [delivery.destination, delivery.state, delivery.attempts])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))

/** A store, an SMTP server, a CRM and a chat receiver, the routing content, and `pnpm serve` processes on them. */
async function setUp(kind: (typeof STORES)[number]) {
  const store = await newStore(kind)
  const smtp = await startSmtpSink()
  const crm = await startLeadReceiver()
  const chat = await startLeadReceiver()
  const site = tinySite()
  const dir = mkdtempSync(join(tmpdir(), 'sending-processes-'))
  const content = join(dir, 'content.ndjson')
  writeFileSync(content, JSON.stringify(ROUTING))
  cleanups.push(store.remove, smtp.close, crm.close, chat.close, () => {
    rmSync(site, { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
  })
  const start = async (env: Record<string, string>): Promise<ServerProcess> => {
    const server = await startServerProcess({
      site,
      port: await freePort(),
      env: { ...store.env, ...FAST, CONTENT_SEED_FILE: content, ...env },
    })
    cleanups.push(() => server.kill('SIGTERM'))
    return server
  }
  return { smtp, crm, chat, dir, start }
}

describe.each(STORES)('two lead servers on one %s store', (kind) => {
  it(
    'the one without SMTP_URL or the chat channel leaves the e-mails and the post pending; the one with them sends each once',
    async () => {
      const { smtp, crm, chat, start } = await setUp(kind)
      // The Studio's lead server as the issue found it: the CRM webhook, but no mail server and no chat channel.
      const bare = await start({ CONTACT_WEBHOOK_URL: crm.url('/contact'), SMTP_URL: '', LEAD_CHAT_WEBHOOKS: '' })

      const first = await post(bare.origin, 'two-processes-0001', 'dana@example.test')
      // Its outbox has run over the lead: the webhook it can send is delivered.
      await expect
        .poll(async () => states(await detail(bare.origin, first)), { timeout: 15_000 })
        .toContainEqual(['webhook:contact', 'delivered', 1])
      expect(states(await detail(bare.origin, first))).toStrictEqual([
        ['chat:sales', 'pending', 0],
        ['email:sales', 'pending', 0],
        ['email:visitor', 'pending', 0],
        ['webhook:contact', 'delivered', 1],
      ])
      expect(smtp.accepted).toHaveLength(0)

      // `npm start` with the mail server and the channel, on the same store: it sends what waited.
      const sending = await start({ SMTP_URL: smtp.url, LEAD_CHAT_WEBHOOKS: `sales=${chat.url('/slack')}` })
      // `pnpm leads health` of each: what it can send, named without secrets (no chat address).
      const sendingOf = async (server: ServerProcess) =>
        (await admin<{ sending: LeadSendingJson }>(server.origin, '/api/admin/health')).sending
      expect(await sendingOf(bare)).toStrictEqual({
        mail: null,
        from: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
        notifyEmails: 1,
        chat: [],
      })
      expect(await sendingOf(sending)).toStrictEqual({
        mail: smtp.url,
        from: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
        notifyEmails: 1,
        chat: [{ name: 'sales', format: 'slack' }],
      })
      await expect.poll(() => smtp.accepted.length, { timeout: 15_000 }).toBe(2)
      await expect.poll(() => chat.received.length, { timeout: 15_000 }).toBe(1)
      await expect
        .poll(async () => states(await detail(bare.origin, first)), { timeout: 15_000 })
        .toStrictEqual([
          ['chat:sales', 'delivered', 1],
          ['email:sales', 'delivered', 1],
          ['email:visitor', 'delivered', 1],
          ['webhook:contact', 'delivered', 1],
        ])
      expect(smtp.accepted.map((mail) => addressesOf(mail.parsed.to)).sort()).toStrictEqual([
        ['dana@example.test'],
        ['sales@advisorgrowth.test'],
      ])

      // With both running, a lead sent to the bare one: its e-mails and post go once each, through the other.
      const second = await post(bare.origin, 'two-processes-0002', 'lee@example.test')
      await expect
        .poll(async () => states(await detail(sending.origin, second)), { timeout: 15_000 })
        .toStrictEqual([
          ['chat:sales', 'delivered', 1],
          ['email:sales', 'delivered', 1],
          ['email:visitor', 'delivered', 1],
          ['webhook:contact', 'delivered', 1],
        ])
      expect(smtp.accepted).toHaveLength(4)
      expect(chat.received).toHaveLength(2)
      expect(crm.received).toHaveLength(2)
      // The bare process never tried an e-mail or a post: nothing kept as not sent, nothing misconfigured.
      expect(bare.log()).not.toContain('notification-kept')
      expect(bare.log()).not.toContain('notification-misconfigured')
      expect(bare.log()).not.toMatch(/"destination":"(email|chat:sales)"/)
    },
    PROCESS_TEST_TIMEOUT,
  )

  it(
    '"Not spam" on the lead server without mail or chat says what it lacks, and the other sends; a replay sends the e-mail and the post of a lead that had none',
    async () => {
      const { smtp, chat, dir, start } = await setUp(kind)
      const bare = await start({ SMTP_URL: '', LEAD_CHAT_WEBHOOKS: '' })
      const sending = await start({ SMTP_URL: smtp.url, LEAD_CHAT_WEBHOOKS: `sales=${chat.url('/slack')}` })

      // A filled honeypot: held behind an ordinary 201, told to nobody.
      const held = await post(bare.origin, 'two-processes-held-1', 'held@example.test', 'https://spam.test')
      expect((await detail(bare.origin, held)).deliveries).toStrictEqual([])
      const released = await admin<LeadReleaseJson>(bare.origin, `/api/admin/leads/${held}/release`, 'POST')
      expect(released).toStrictEqual({
        released: true,
        replayed: false,
        reason: 'no webhook is configured for the contact form',
        missing: [
          'no webhook is configured for the contact form on this lead server',
          'no mail server is configured on this lead server (SMTP_URL), the team e-mail waits for one',
          "the sales chat channel is not in this lead server's LEAD_CHAT_WEBHOOKS, its post waits for one that has it",
        ],
      })
      // What the Leads tool and `pnpm leads release` show.
      expect(releaseText(released)).toBe(
        "Released: no webhook is configured for the contact form on this lead server; no mail server is configured on this lead server (SMTP_URL), the team e-mail waits for one; the sales chat channel is not in this lead server's LEAD_CHAT_WEBHOOKS, its post waits for one that has it.",
      )
      // Notified as routed now, by the server that can: the team's e-mail and the post, and no confirmation.
      await expect
        .poll(async () => states(await detail(bare.origin, held)), { timeout: 15_000 })
        .toStrictEqual([
          ['chat:sales', 'delivered', 1],
          ['email:sales', 'delivered', 1],
        ])
      expect(smtp.accepted.map((mail) => addressesOf(mail.parsed.to))).toStrictEqual([['sales@advisorgrowth.test']])
      expect(smtp.accepted[0]?.parsed.text).toContain('held@example.test')
      expect(chat.received).toHaveLength(1)

      // A lead stored by a server that named nobody (no routing document, no LEAD_NOTIFY_EMAIL): no notification.
      const empty = join(dir, 'empty.ndjson')
      writeFileSync(empty, '')
      const silent = await start({ SMTP_URL: '', LEAD_NOTIFY_EMAIL: '', CONTENT_SEED_FILE: empty })
      const unheard = await post(silent.origin, 'two-processes-silent-1', 'quiet@example.test')
      expect((await detail(silent.origin, unheard)).deliveries).toStrictEqual([])
      // `pnpm leads replay` through the server with mail and chat: not "no webhook is configured (409)".
      const replay = await fetch(`${sending.origin}/api/admin/leads/${unheard}/replay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
      expect(replay.status).toBe(202)
      const replayed = (await replay.json()) as LeadReplayJson
      expect(replayed).toStrictEqual({
        replayed: true,
        missing: ['no webhook is configured for the contact form on this lead server'],
      })
      expect(replayText(replayed)).toBe(
        'Sent again, due now: no webhook is configured for the contact form on this lead server.',
      )
      await expect.poll(() => smtp.accepted.length, { timeout: 15_000 }).toBe(2)
      await expect.poll(() => chat.received.length, { timeout: 15_000 }).toBe(2)
      expect(addressesOf(smtp.accepted[1]?.parsed.to)).toStrictEqual(['sales@advisorgrowth.test'])
      expect(smtp.accepted[1]?.parsed.text).toContain('quiet@example.test')
      // The mail server has the message before the lead server has its answer recorded (CI, Node 24: pending).
      await expect
        .poll(async () => states(await detail(sending.origin, unheard)), { timeout: 15_000 })
        .toStrictEqual([
          ['chat:sales', 'delivered', 1],
          ['email:sales', 'delivered', 1],
        ])
      // Replayed again: nothing left to send, and the answer says why.
      const again = await fetch(`${sending.origin}/api/admin/leads/${unheard}/replay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
      expect(again.status).toBe(409)
      expect(await again.json()).toStrictEqual({
        replayed: false,
        reason: 'no webhook is configured for the contact form, and it has no notification to send again',
      })
    },
    PROCESS_TEST_TIMEOUT,
  )
})
