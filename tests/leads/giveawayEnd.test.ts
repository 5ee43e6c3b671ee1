import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LeadSummaryJson } from '@site/leads/admin'
import { afterEach, expect, it } from 'vitest'
import { startLeadReceiver } from './support/leadReceiver'
import { admin, freePort, startServerProcess, tinySite } from './support/serverProcess'
import { startSmtpSink } from './support/smtpSink'
import { newStore } from './support/stores'

// A giveaway closes at the end date the Studio holds (Site settings' giveawayEndsAt): `pnpm serve` as its own
// process refuses a late entry (410, not stored, no webhook, no e-mail), and takes entries again when the
// marketer moves the date later, without a restart.

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const ENDED = '2025-12-31T23:59:59-05:00'
const LATER = '2099-12-31T23:59:59-05:00'

/** The content the server reads: Site settings with this end date (replaced as the local Content Lake does). */
function writeContent(file: string, giveawayEndsAt: string) {
  writeFileSync(`${file}.new`, JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings', giveawayEndsAt }))
  renameSync(`${file}.new`, file)
}

const entry = (email: string) => ({
  fullName: 'Alex Moreno',
  email,
  phone: '864-555-0110',
  company: 'Moreno Insurance Group',
  title: 'Managing Partner',
  optIn: true,
  timestamp: new Date().toISOString(),
  source: 'conference_giveaway',
})

async function postEntry(origin: string, key: string, email: string) {
  const response = await fetch(`${origin}/api/leads/giveaway`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, origin },
    body: JSON.stringify({ payload: entry(email), honeypot: '' }),
  })
  return { status: response.status, body: (await response.json()) as { error?: string; endedAt?: string; id?: string } }
}

it('a late giveaway entry is refused with 410 and its reason, stored nowhere and sent to no one; a later end date takes entries again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'giveaway-end-'))
  const content = join(dir, 'content.ndjson')
  writeContent(content, ENDED)
  const smtp = await startSmtpSink()
  const webhook = await startLeadReceiver()
  const store = await newStore('embedded')
  const site = tinySite()
  cleanups.push(smtp.close, webhook.close, store.remove, () => rmSync(dir, { recursive: true, force: true }))
  cleanups.push(() => rmSync(site, { recursive: true, force: true }))
  const server = await startServerProcess({
    site,
    port: await freePort(),
    env: {
      ...store.env,
      CONTENT_SEED_FILE: content,
      LEAD_ROUTING_CACHE_MS: '0',
      LEAD_OUTBOX_POLL_MS: '50',
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_EMAIL: 'team@advisorgrowth.test',
      LEAD_EMAIL_FROM: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
      GIVEAWAY_WEBHOOK_URL: webhook.url('/giveaway'),
    },
  })
  cleanups.push(() => server.kill('SIGTERM'))

  const late = await postEntry(server.origin, 'giveaway-late-0001', 'late@entrant.test')
  expect(late).toStrictEqual({
    status: 410,
    body: {
      error: 'The giveaway ended on 2026-01-01T04:59:59.000Z: entries are no longer accepted',
      endedAt: '2026-01-01T04:59:59.000Z',
    },
  })
  // The log line reaches this process through a pipe, maybe after the response.
  await expect.poll(() => server.log()).toContain('"reason":"giveaway ended"')
  expect(server.log()).not.toContain('late@entrant.test')

  writeContent(content, LATER)
  const open = await postEntry(server.origin, 'giveaway-open-0001', 'open@entrant.test')
  expect(open.status).toBe(201)
  // The open entry's e-mail and webhook arrive; the late one's never do.
  await expect.poll(() => webhook.received.length, { timeout: 15_000 }).toBe(1)
  await expect.poll(() => smtp.accepted.length, { timeout: 15_000 }).toBe(1)
  expect(webhook.received[0]?.body).toContain('open@entrant.test')
  expect(smtp.accepted[0]?.parsed.text).toContain('open@entrant.test')
  const { leads } = await admin<{ leads: LeadSummaryJson[] }>(server.origin, '/api/admin/leads?limit=100')
  expect(leads.map((lead) => lead.email)).toStrictEqual(['open@entrant.test'])
  expect(JSON.stringify([webhook.received, smtp.accepted.map((mail) => mail.parsed.text)])).not.toContain(
    'late@entrant.test',
  )
})
