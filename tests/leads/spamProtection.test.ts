// @vitest-environment node

import type { LeadDetailJson, LeadSummaryJson, QuarantineCountsJson } from '@site/leads/admin'
import type { LeadChallengeJson, LeadProof } from '@site/leads/spam'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { describe, expect, it } from 'vitest'
import { buildContactPayload } from '../../apps/web/app/forms/contact/contactPayload'
import { ADMIN_TOKEN, useLeadServer } from './support/leadServer'
import { STORES } from './support/stores'

const SITE = 'http://127.0.0.1:4173'

const contact = (email: string, fields: { name?: string; company?: string } = {}) =>
  buildContactPayload({
    name: fields.name ?? 'Ann Lee',
    email,
    phone: '',
    company: fields.company ?? 'Lee Wealth',
    interest: 'app',
    message: 'Hello',
  })

/** A person's browser: the proof of work is on, submissions come at least a few seconds after the form showed. */
const PROTECTED = {
  LEAD_SPAM_PROTECTION: 'on',
  LEAD_SPAM_SECRET: 'spam-secret-for-tests-0123456789',
  LEAD_DUPLICATE_WINDOW: '24h',
  LEAD_MIN_FILL_SECONDS: '0',
}

describe.each(STORES)('spam protection, on the %s store', (kind) => {
  const server = useLeadServer(kind, { env: PROTECTED })
  let keys = 0

  const post = (form: string, body: unknown, key = `spam-key-${++keys}`) =>
    server.service.app.request(`/api/leads/${form}`, {
      method: 'POST',
      headers: { host: '127.0.0.1:4173', origin: SITE, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    })
  const admin = (path: string, method = 'GET') =>
    server.service.app.request(path, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
  const detail = async (id: string) => (await (await admin(`/api/admin/leads/${id}`)).json()) as LeadDetailJson
  const idOf = async (response: Response) => ((await response.json()) as { id: string }).id

  /** A challenge from the server, solved by altcha-lib's solver as the browser's worker runs it. */
  const solvedProof = async (since?: string): Promise<LeadProof & { since: string }> => {
    const issued = await server.service.app.request(`/api/leads/challenge${since ? `?since=${since}` : ''}`, {
      headers: { host: '127.0.0.1:4173' },
    })
    expect(issued.status).toBe(200)
    expect(issued.headers.get('cache-control')).toBe('no-store')
    const { challenge, since: token } = (await issued.json()) as LeadChallengeJson
    const solution = await solveChallenge({
      challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'],
      deriveKey,
    })
    if (!solution) throw new Error('The challenge was not solved')
    return {
      challenge: { parameters: challenge.parameters, signature: challenge.signature ?? '' },
      solution,
      since: token,
    }
  }
  const proofOf = ({ since: _, ...proof }: LeadProof & { since: string }): LeadProof => proof

  it('stores and delivers a lead whose proof of work the real solver found', async () => {
    await server.start()
    const response = await post('contact', {
      payload: contact('solved@example.com'),
      proof: proofOf(await solvedProof()),
      attribution: { page: 'https://advisorgrowth.test/contact' },
    })
    expect(response.status).toBe(201)
    const lead = await detail(await idOf(response))
    expect(lead.lead.quarantine_reason).toBeNull()
    expect(lead.reasons).toStrictEqual([])
    await expect.poll(() => server.receiver.received.length).toBe(1)
  })

  it('quarantines a raw post without proof behind the ordinary 201, naming the reason, and delivers nothing', async () => {
    await server.start()
    const response = await post('contact', { payload: contact('raw@example.com') })
    expect(response.status).toBe(201)
    expect(Object.keys((await response.clone().json()) as object)).toStrictEqual(['id'])
    const lead = await detail(await idOf(response))
    expect(lead.lead.quarantine_reason).toBe('No proof of work was sent')
    expect(lead.reasons).toStrictEqual([{ reason: 'proof-missing', held: true }])
    expect(lead.delivery).toBeUndefined()
    expect(server.log.entries.find((entry) => entry.event === 'lead-quarantined')).toMatchObject({
      reason: 'proof-missing',
    })
  })

  it('quarantines a proof used by another submission as replayed, and lets the same submission resend it', async () => {
    await server.start()
    const proof = proofOf(await solvedProof())
    const first = await post('contact', { payload: contact('first@example.com'), proof }, 'key-first')
    const resent = await post('contact', { payload: contact('first@example.com'), proof }, 'key-first')
    const replayed = await post('contact', { payload: contact('second@example.com'), proof }, 'key-second')
    expect([first.status, resent.status, replayed.status]).toStrictEqual([201, 200, 201])
    expect((await detail(await idOf(first))).lead.quarantine_reason).toBeNull()
    const held = await detail(await idOf(replayed))
    expect(held.lead.quarantine_reason).toBe('The proof of work was already used by another submission')
    expect(held.reasons).toStrictEqual([{ reason: 'proof-replayed', held: true }])
  })

  it('quarantines an expired proof, and a forged or tampered one as invalid', async () => {
    await server.start({ ...PROTECTED, LEAD_CHALLENGE_TTL_MINUTES: '0.02' })
    const expired = proofOf(await solvedProof())
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const late = await post('contact', { payload: contact('late@example.com'), proof: expired })
    expect((await detail(await idOf(late))).reasons).toStrictEqual([{ reason: 'proof-expired', held: true }])

    await server.service.close()
    await server.start()
    const fresh = proofOf(await solvedProof())
    const tampered = {
      ...fresh,
      challenge: { ...fresh.challenge, parameters: { ...fresh.challenge.parameters, data: { shown: 0 } } },
    }
    const forged = await post('contact', { payload: contact('forged@example.com'), proof: tampered })
    expect((await detail(await idOf(forged))).reasons).toStrictEqual([{ reason: 'proof-invalid', held: true }])
    const wrong = { ...fresh, solution: { ...fresh.solution, derivedKey: '00'.repeat(32) } }
    const unsolved = await post('contact', { payload: contact('unsolved@example.com'), proof: wrong })
    expect((await detail(await idOf(unsolved))).reasons).toStrictEqual([{ reason: 'proof-invalid', held: true }])
  })

  it('a quick submission with a valid proof is only marked (autofill is quick); without the page context a form sends, it is held', async () => {
    await server.start({ ...PROTECTED, LEAD_MIN_FILL_SECONDS: '30' })
    const autofilled = await post('contact', {
      payload: contact('autofill@example.com'),
      proof: proofOf(await solvedProof()),
      attribution: { page: 'https://advisorgrowth.test/contact' },
    })
    const autofilledLead = await detail(await idOf(autofilled))
    expect(autofilledLead.reasons).toStrictEqual([{ reason: 'sent-too-fast', held: false }])
    expect(autofilledLead.lead.quarantine_reason).toBeNull()
    const instant = await post('contact', {
      payload: contact('instant@example.com'),
      proof: proofOf(await solvedProof()),
    })
    expect((await detail(await idOf(instant))).reasons).toStrictEqual([
      { reason: 'no-page-context', held: true },
      { reason: 'sent-too-fast', held: true },
    ])
  })

  it('runs the content checks with the proof of work off (a machine client), and names each reason', async () => {
    await server.start({ ...PROTECTED, LEAD_SPAM_PROTECTION: 'off' })
    const clean = await post('contact', { payload: contact('machine@example.com') })
    expect((await detail(await idOf(clean))).lead.quarantine_reason).toBeNull()
    const junk = await post('contact', {
      payload: contact('bot@mailinator.com', {
        name: 'Cheap pills',
        company: '<a href="https://spam.example">buy</a>',
      }),
    })
    const held = await detail(await idOf(junk))
    expect(held.reasons).toStrictEqual([
      { reason: 'disposable-email', held: true },
      { reason: 'markup-in-name', held: true },
    ])
    expect(held.lead.quarantine_reason).toBe(
      'The e-mail address is at a disposable-mail domain; A link or markup in a name or company field',
    )
    const counts = (await (await admin('/api/admin/quarantine/counts?days=7')).json()) as QuarantineCountsJson
    const today = new Date().toISOString().slice(0, 10)
    expect(counts.days).toBe(7)
    expect(counts.counts).toStrictEqual([
      { day: today, reason: 'disposable-email', count: 1 },
      { day: today, reason: 'markup-in-name', count: 1 },
    ])
    expect((await admin('/api/admin/quarantine/counts?days=0')).status).toBe(400)
  })

  it('stores the same e-mail on the same form within the window as a repeat of the first, undelivered; release delivers it', async () => {
    await server.start({ ...PROTECTED, LEAD_SPAM_PROTECTION: 'off' })
    const again = contact('twice@example.com ')
    const first = await idOf(await post('contact', { payload: contact('Twice@Example.com') }))
    const second = await idOf(await post('contact', { payload: again }))
    const otherForm = await post('guide', {
      payload: {
        name: 'Ann Lee',
        email: 'twice@example.com',
        phone: '555-0100',
        resource: 'x',
        timestamp: new Date().toISOString(),
      },
    })
    expect(otherForm.status).toBe(201)
    expect((await detail(await idOf(otherForm))).lead.repeat_of).toBeNull()
    await expect.poll(() => server.receiver.received.length).toBe(1)
    const repeat = await detail(second)
    expect(repeat.lead.repeat_of).toBe(first)
    expect(repeat.delivery).toBeUndefined()
    const listed = (await (await admin('/api/admin/leads?state=repeat')).json()) as { leads: LeadSummaryJson[] }
    expect(listed.leads.map((lead) => [lead.id, lead.state, lead.repeatOf])).toStrictEqual([[second, 'repeat', first]])

    const released = await admin(`/api/admin/leads/${second}/release`, 'POST')
    expect(released.status).toBe(202)
    expect(await released.json()).toStrictEqual({
      released: true,
      replayed: true,
      missing: [
        'nobody is notified: no routing rule names anyone for it, and LEAD_NOTIFY_EMAIL is not set on this lead server',
      ],
    })
    await expect.poll(() => server.receiver.received.length).toBe(2)
    expect(server.receiver.received[1]?.body).toBe(JSON.stringify(again))
    const after = await detail(second)
    expect(after.lead.repeat_of).toBeNull()
    expect(after.lead.released_at).not.toBeNull()
    expect((await admin(`/api/admin/leads/${second}/release`, 'POST')).status).toBe(409)
  })

  it('releases a quarantined lead to the webhook, and records "spam" on a delivered one', async () => {
    await server.start()
    const payload = contact('held@example.com')
    const held = await idOf(await post('contact', { payload }))
    const released = await admin(`/api/admin/leads/${held}/release`, 'POST')
    expect(released.status).toBe(202)
    expect(await released.json()).toStrictEqual({
      released: true,
      replayed: true,
      missing: [
        'nobody is notified: no routing rule names anyone for it, and LEAD_NOTIFY_EMAIL is not set on this lead server',
      ],
    })
    await expect.poll(() => server.receiver.received.length).toBe(1)
    expect(server.receiver.received[0]?.body).toBe(JSON.stringify(payload))
    const lead = await detail(held)
    expect(lead.lead.quarantine_reason).toBeNull()
    // Still counted: it was held on the day it came.
    expect(lead.reasons).toStrictEqual([{ reason: 'proof-missing', held: true }])

    const spam = await admin(`/api/admin/leads/${held}/spam`, 'POST')
    expect(spam.status).toBe(200)
    const judged = (await spam.json()) as { markedSpam: boolean; markedSpamAt: string }
    expect(judged.markedSpam).toBe(true)
    expect((await detail(held)).lead.marked_spam_at).toBe(judged.markedSpamAt)
    const quarantined = await idOf(await post('contact', { payload: contact('again@example.com') }))
    expect((await admin(`/api/admin/leads/${quarantined}/spam`, 'POST')).status).toBe(409)
    expect((await admin('/api/admin/leads/00000000-0000-4000-8000-000000000000/spam', 'POST')).status).toBe(404)
  })

  it('keeps the first shown time through a fresh challenge asked with `since`, and ignores a forged one', async () => {
    await server.start({ ...PROTECTED, LEAD_MIN_FILL_SECONDS: '1' })
    const first = await solvedProof()
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const renewed = proofOf(await solvedProof(first.since))
    expect(renewed.challenge.parameters.data?.shown).toBe(first.challenge.parameters.data?.shown)
    const kept = await post('contact', { payload: contact('renewed@example.com'), proof: renewed })
    expect((await detail(await idOf(kept))).lead.quarantine_reason).toBeNull()
    const forged = await solvedProof(`${Date.now() - 60_000}.${'A'.repeat(43)}`)
    expect(Number(forged.challenge.parameters.data?.shown)).toBeGreaterThan(Date.now() - 10_000)
  })
})
