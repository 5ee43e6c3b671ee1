import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SanityClient } from '@sanity/client'
import { startContentLake } from '@site/content-api/lake'
import { afterEach, describe, expect, it } from 'vitest'
import { startLeadReceiver } from './support/leadReceiver'
import { freePort, startServerProcess, tinySite } from './support/serverProcess'
import { addressesOf, startSmtpSink } from './support/smtpSink'
import { newStore, STORES } from './support/stores'

// A scheduled release that cannot go live is told to a person (issue 40): the local Content Lake's own scheduler
// fails it, as Sanity's does, and puts the reason on the release; `pnpm serve` reads the releases and sends the
// team an e-mail (a real SMTP server) and a chat post (a real HTTP receiver) through its outbox.

const TOKEN = 'release-alerts-editor-token-0123456789'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function until<T>(read: () => T, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A lake on a dataset of its own: what `pnpm lake` runs, with the scheduler that publishes releases at their time. */
async function lakeWithDataset() {
  const directory = mkdtempSync(join(tmpdir(), 'release-alerts-'))
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }))
  const seedFile = join(directory, 'seed.ndjson')
  const documents = [
    { _id: 'siteSettings', _type: 'siteSettings', companyName: 'AdvisorGrowth' },
    { _id: 'webinar-faq', _type: 'faq', question: 'Is the webinar recorded?' },
  ]
  writeFileSync(seedFile, `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`)
  const lake = await startContentLake({
    seedFile,
    projectId: 'alerts',
    dataset: 'production',
    token: TOKEN,
    allowedOrigins: [],
  })
  cleanups.push(() => lake.close())
  const editor = createClient({
    projectId: 'alerts',
    dataset: 'production',
    apiVersion: '2025-02-19',
    apiHost: `http://127.0.0.1:${lake.port}`,
    useProjectHostname: false,
    useCdn: false,
    token: TOKEN,
  })
  return { seedFile, editor }
}

/**
 * A release Sanity refuses to publish: it unpublishes a document that another of its documents comes to refer to
 * (https://www.sanity.io/docs/content-lake/content-release-document-flow), scheduled `inMs` ahead.
 */
async function scheduleBrokenRelease(editor: SanityClient, releaseId: string, title: string, inMs: number) {
  const publishAt = new Date(Date.now() + inMs)
  await editor.releases.create({
    releaseId,
    metadata: { title, releaseType: 'scheduled', intendedPublishAt: publishAt.toISOString() },
  })
  await editor.createVersion({
    releaseId,
    publishedId: 'siteSettings',
    document: {
      _type: 'siteSettings',
      featuredFaq: { _type: 'reference', _ref: 'webinar-faq', _weak: true, _strengthenOnPublish: { type: 'faq' } },
    },
  })
  await editor.unpublishVersion({ releaseId, publishedId: 'webinar-faq' })
  await editor.releases.schedule({ releaseId, publishAt: publishAt.toISOString() })
  return publishAt
}

describe.each(STORES)('a release that fails at its time, on the %s store', (kind) => {
  it('is told to the team once, by e-mail and in chat, across a second process of the store', async () => {
    const { seedFile, editor } = await lakeWithDataset()
    const smtp = await startSmtpSink()
    const chat = await startLeadReceiver()
    cleanups.push(smtp.close, chat.close)
    const store = await newStore(kind)
    const site = tinySite()
    cleanups.push(store.remove, () => rmSync(site, { recursive: true, force: true }))
    const env = {
      ...store.env,
      SMTP_URL: smtp.url,
      CONTENT_SEED_FILE: seedFile,
      LEAD_OUTBOX_POLL_MS: '100',
      LEAD_EMAIL_FROM: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
      LEAD_STUDIO_URL: 'https://studio.advisorgrowth.test',
      LEAD_NOTIFY_EMAIL: 'sales@advisorgrowth.test',
      RELEASE_ALERT_EMAIL: 'marketing@advisorgrowth.test, web@advisorgrowth.test',
      LEAD_CHAT_WEBHOOKS: `sales=${chat.url('/slack/sales')},marketing=teams:${chat.url('/teams/marketing')}`,
      RELEASE_ALERT_CHAT: 'marketing',
      RELEASE_ALERT_POLL_MS: '500',
      LEAD_TEAM_TIME_ZONE: 'America/New_York',
    }
    const first = await startServerProcess({ site, port: await freePort(), env })
    cleanups.push(() => first.kill('SIGTERM'))

    const publishAt = await scheduleBrokenRelease(editor, 'rfallwebinar', 'Fall webinar launch', 1_500)
    await until(
      () => smtp.accepted.length + chat.received.length,
      (n) => n >= 2,
    )
    const toldAfterMs =
      Math.max(...[...smtp.accepted.map((m) => m.acceptedAt), ...chat.received.map((r) => r.receivedAt)]) -
      publishAt.getTime()
    // The promise: a campaign that does not go live says why, to a person, before 9:01.
    expect(toldAfterMs).toBeLessThan(60_000)
    console.info(`release alert (${kind}): e-mail and chat ${toldAfterMs} ms after the scheduled time`)

    expect(smtp.accepted).toHaveLength(1)
    const mail = smtp.accepted[0]
    expect(mail?.envelopeTo.sort()).toEqual(['marketing@advisorgrowth.test', 'web@advisorgrowth.test'])
    expect(mail?.parsed.subject).toBe('Not published: the release "Fall webinar launch" did not go live')
    expect(addressesOf(mail?.parsed.from)).toEqual(['leads@advisorgrowth.test'])
    const release = await editor.releases.get({ releaseId: 'rfallwebinar' })
    const reason = release?.error?.message ?? ''
    expect(reason).toMatch(/^The scheduled publish at .+ failed: .*webinar-faq.*cannot be deleted/)
    const text = mail?.parsed.text ?? ''
    expect(text).toContain(reason)
    expect(text).toContain('Nothing of it is live: the site is as it was.')
    expect(text).toMatch(
      /Scheduled for \w{3}, \w{3} \d+, \d+:\d{2} (AM|PM) E[SD]T \(\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)/,
    )
    expect(mail?.parsed.html).toContain('href="https://studio.advisorgrowth.test/releases/rfallwebinar"')
    // The site is as it was: nothing of the release went live.
    expect(await editor.getDocument('webinar-faq')).toMatchObject({ question: 'Is the webinar recorded?' })

    expect(chat.received.map((post) => post.path)).toEqual(['/teams/marketing'])
    const card = JSON.parse(chat.received[0]?.body ?? '{}').attachments[0].content
    expect(card.body[0].text).toBe('Not published: the release "Fall webinar launch" did not go live')
    expect(card.body[1].text).toContain('cannot be deleted')
    expect(card.actions).toEqual([
      {
        type: 'Action.OpenUrl',
        title: 'Open the release',
        url: 'https://studio.advisorgrowth.test/releases/rfallwebinar',
      },
    ])
    await expect.poll(() => first.log()).toContain('"event":"release-publish-failed"')

    // A second process of the same store reads the same failed release: it is not told again. A second failure,
    // of another release, is; once its notices are in, the second process has read the first release too.
    const second = await startServerProcess({ site, port: await freePort(), env })
    cleanups.push(() => second.kill('SIGTERM'))
    await scheduleBrokenRelease(editor, 'rgiveawayend', 'Giveaway ends', 500)
    await until(
      () => smtp.accepted.length + chat.received.length,
      (n) => n >= 4,
    )
    expect(smtp.accepted.map((m) => m.parsed.subject)).toEqual([
      'Not published: the release "Fall webinar launch" did not go live',
      'Not published: the release "Giveaway ends" did not go live',
    ])
    expect(chat.received).toHaveLength(2)
  })
})
