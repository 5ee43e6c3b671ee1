import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient, type SanityClient } from '@sanity/client'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lakePerTest, TOKEN } from './lakeConformance/lake'
import { server as msw } from './support/mswServer'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Polls until `read` gives a value `done` accepts: a state to wait for, never a fixed sleep. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`Timed out; last value ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('the release scheduler in one lake', () => {
  const lake = lakePerTest()

  // "At the given time, the same logic as for the publish action is triggered" (@sanity/client releases.schedule).
  it('publishes a scheduled release within 5 s of its time, all of its documents in one transaction', async () => {
    await lake.editor.releases.create({ releaseId: 'rlaunch', metadata: { title: 'Launch', releaseType: 'scheduled' } })
    await lake.editor.createVersion({
      releaseId: 'rlaunch',
      publishedId: 'faq-1',
      document: { _type: 'faq', question: 'Live?' },
    })
    await lake.editor.createVersion({
      releaseId: 'rlaunch',
      publishedId: 'settings',
      document: { _type: 'siteSettings', companyName: 'Acme Live' },
    })
    const publishAt = new Date(Date.now() + 2_000)
    await lake.editor.releases.schedule({ releaseId: 'rlaunch', publishAt: publishAt.toISOString() })
    const release = await waitFor(
      () => lake.editor.releases.get({ releaseId: 'rlaunch' }),
      (found) => found?.state === 'published',
    )
    const seenAt = Date.now()
    expect(seenAt - publishAt.getTime()).toBeLessThan(5_000)
    expect(Date.parse(release?.publishedAt ?? '')).toBeGreaterThanOrEqual(publishAt.getTime())
    const [faq, settings] = await lake.editor.getDocuments(['faq-1', 'settings'])
    expect(faq).toMatchObject({ question: 'Live?' })
    expect(settings).toMatchObject({ companyName: 'Acme Live' })
    expect(faq?._rev).toBe(settings?._rev)
  })

  // Sanity's Scheduled Drafts schedule one document as a release of cardinality "one"; an unpublish at a time is
  // such a release holding a version marked to unpublish (https://www.sanity.io/docs/studio/scheduled-drafts).
  it('unpublishes a single document at its time', async () => {
    await lake.editor.releases.create({
      releaseId: 'rtakedown',
      metadata: { title: 'Take the FAQ down', releaseType: 'scheduled', cardinality: 'one' },
    })
    await lake.editor.unpublishVersion({ releaseId: 'rtakedown', publishedId: 'faq-1' })
    await lake.editor.releases.schedule({
      releaseId: 'rtakedown',
      publishAt: new Date(Date.now() + 1_000).toISOString(),
    })
    await waitFor(
      () => lake.editor.getDocument('faq-1'),
      (document) => document === undefined,
    )
    expect((await lake.editor.releases.get({ releaseId: 'rtakedown' }))?.state).toBe('published')
  })

  it('a release that cannot be published goes back to active with the reason on it', async () => {
    await lake.editor.create({ _id: 'faq-2', _type: 'faq', question: 'Referenced' })
    await lake.editor.releases.create({ releaseId: 'rbroken', metadata: { title: 'Broken', releaseType: 'scheduled' } })
    await lake.editor.createVersion({
      releaseId: 'rbroken',
      publishedId: 'settings',
      document: {
        _type: 'siteSettings',
        featuredFaq: { _type: 'reference', _ref: 'faq-2', _weak: true, _strengthenOnPublish: { type: 'faq' } },
      },
    })
    await lake.editor.unpublishVersion({ releaseId: 'rbroken', publishedId: 'faq-2' })
    await lake.editor.releases.schedule({ releaseId: 'rbroken', publishAt: new Date(Date.now() + 500).toISOString() })
    const release = await waitFor(
      () => lake.editor.releases.get({ releaseId: 'rbroken' }),
      (found) => found?.state === 'active',
    )
    expect(release?.error?.message).toMatch(/^The scheduled publish at .+ failed: .*faq-2.*cannot be deleted/)
    expect(release).not.toHaveProperty('publishAt')
    expect(await lake.editor.getDocument('settings')).toMatchObject({ companyName: 'Acme' })
  })
})

describe('the release scheduler across processes (real processes, killed)', () => {
  let directory: string
  let seedFile: string
  let receiver: Server
  let deliveries: { documentId: string; body: unknown }[]
  const children: ChildProcess[] = []

  beforeAll(() => msw.close())
  afterAll(() => msw.listen({ onUnhandledRequest: 'error' }))
  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'release-scheduler-'))
    seedFile = join(directory, 'content', 'seed.ndjson')
    mkdirSync(join(directory, 'content'))
    writeFileSync(seedFile, `${JSON.stringify({ _id: 'home', _type: 'faq', question: 'Before' })}\n`)
    deliveries = []
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      request.on('end', () => {
        deliveries.push({ documentId: String(request.headers['sanity-document-id']), body: JSON.parse(body) })
        response.end('ok')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  })
  afterEach(async () => {
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await new Promise<void>((resolve) => receiver.close(() => resolve()))
    rmSync(directory, { recursive: true, force: true })
  })

  /** `pnpm --filter @site/content-api lake` as its own process, on a free port, once it says it listens. */
  async function lakeProcess(): Promise<{ child: ChildProcess; client: SanityClient }> {
    const webhook = {
      id: 'count',
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
      projection: '{_id, question}',
    }
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/content-api/src/lake/cli.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        CONTENT_SEED_FILE: seedFile,
        CONTENT_LAKE_PORT: '0',
        CONTENT_LAKE_TOKEN: TOKEN,
        CONTENT_LAKE_WEBHOOKS: JSON.stringify([webhook]),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    const apiHost = await new Promise<string>((resolve, reject) => {
      let output = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const found = /Local Content Lake on (http:\/\/localhost:\d+)/.exec(output)
        if (found?.[1]) resolve(found[1])
      })
      let errors = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        errors += chunk.toString()
      })
      child.once('exit', (code) => reject(new Error(`the lake exited with ${code}: ${errors}`)))
    })
    const client = createClient({
      projectId: 'embedded',
      dataset: 'production',
      apiVersion: '2025-02-19',
      apiHost: apiHost.replace('localhost', '127.0.0.1'),
      useProjectHostname: false,
      useCdn: false,
      token: TOKEN,
    })
    return { child, client }
  }

  const killed = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })

  it('publishes a time passed while the lake was down once at the next start, with two processes started', async () => {
    const first = await lakeProcess()
    await first.client.releases.create({
      releaseId: 'rmonday',
      metadata: { title: 'Monday 9:00', releaseType: 'scheduled' },
    })
    await first.client.createVersion({
      releaseId: 'rmonday',
      publishedId: 'home',
      document: { _type: 'faq', question: 'After' },
    })
    const publishAt = new Date(Date.now() + 1_500)
    await first.client.releases.schedule({ releaseId: 'rmonday', publishAt: publishAt.toISOString() })
    // Killed before its time: it leaves its scheduler lock behind, held by a process that is gone.
    await killed(first.child)
    expect(deliveries).toEqual([])
    await waitFor(
      async () => Date.now(),
      (now) => now > publishAt.getTime() + 1_000,
    )

    const [second, third] = await Promise.all([lakeProcess(), lakeProcess()])
    await waitFor(
      async () => deliveries.length,
      (count) => count >= 1,
    )
    expect(deliveries).toEqual([{ documentId: 'home', body: { _id: 'home', question: 'After' } }])
    // Whichever of the two published it, both serve it within a tick of the scheduler (1 s).
    for (const running of [second, third])
      await waitFor(
        () => running.client.fetch<string>('*[_id == "home"][0].question'),
        (question) => question === 'After',
        5_000,
      )

    // Both killed, a fourth start: the release is published already. A second release due now shows that the
    // new process's scheduler has run, without publishing the first one again.
    await Promise.all([killed(second.child), killed(third.child)])
    const fourth = await lakeProcess()
    await fourth.client.releases.create({
      releaseId: 'rtuesday',
      metadata: { title: 'Tuesday', releaseType: 'scheduled' },
    })
    await fourth.client.createVersion({
      releaseId: 'rtuesday',
      publishedId: 'home',
      document: { _type: 'faq', question: 'Tuesday' },
    })
    await fourth.client.releases.schedule({ releaseId: 'rtuesday', publishAt: new Date().toISOString() })
    await waitFor(
      async () => deliveries.length,
      (count) => count >= 2,
    )
    expect(deliveries.map((delivery) => delivery.body)).toEqual([
      { _id: 'home', question: 'After' },
      { _id: 'home', question: 'Tuesday' },
    ])
    expect((await fourth.client.releases.get({ releaseId: 'rmonday' }))?.state).toBe('published')
  }, 60_000)
})
