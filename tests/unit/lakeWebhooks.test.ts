import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isValidSignature } from '@sanity/webhook'
import { seedFilePath } from '@site/content-api'
import {
  ContentLake,
  deliverWebhooks,
  type LakeWebhook,
  lakeFilesFor,
  type WebhookAttempt,
  webhooksFromEnv,
} from '@site/content-api/lake'
import { http, passthrough } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { server as msw } from './support/mswServer'

const SECRET = 'lake-webhook-secret-for-tests'

interface Received {
  method: string
  headers: IncomingHttpHeaders
  body: string
}

let directory: string
let lake: ContentLake
let server: Server
let url: string
let received: Received[]
/** The statuses the receiver answers, in turn; 200 once they run out. */
let answers: number[]
let delivery: ReturnType<typeof deliverWebhooks> | undefined

beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'lake-webhooks-'))
  const files = lakeFilesFor(join(directory, 'seed.ndjson'))
  copyFileSync(seedFilePath({}), files.published)
  lake = new ContentLake(files)
  received = []
  answers = []
  server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    received.push({ method: req.method ?? '', headers: req.headers, body })
    res.writeHead(answers.shift() ?? 200).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/publish`
  // The deliveries are real requests, to the receiver above and to a closed port.
  msw.use(http.all('*', ({ request }) => (new URL(request.url).hostname === '127.0.0.1' ? passthrough() : undefined)))
})

afterEach(async () => {
  delivery?.close()
  delivery = undefined
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(directory, { recursive: true, force: true })
})

function start(webhooks: LakeWebhook[], attempts: WebhookAttempt[] = []) {
  delivery = deliverWebhooks(lake, webhooks, {
    projectId: 'embedded',
    dataset: 'production',
    retryDelayMs: 50,
    onAttempt: (attempt) => attempts.push(attempt),
  })
  return delivery
}

describe('the lake’s GROQ-powered webhooks', () => {
  it('posts each create, update and delete of a published document, signed and with Sanity’s headers', async () => {
    const hooks = start([{ id: 'publish', url, secret: SECRET, projection: '{_id, _type, "title": title}' }])
    lake.transact([{ create: { _id: 'faq.new', _type: 'faq', title: 'Asked' } }], { transactionId: 'tx-create' })
    await hooks.whenIdle()
    lake.transact([{ patch: { id: 'faq.new', set: { title: 'Answered' } } }], { transactionId: 'tx-update' })
    await hooks.whenIdle()
    lake.transact([{ delete: { id: 'faq.new' } }], { transactionId: 'tx-delete' })
    await hooks.whenIdle()

    expect(received.map(({ method, body }) => ({ method, body: JSON.parse(body) }))).toEqual([
      { method: 'POST', body: { _id: 'faq.new', _type: 'faq', title: 'Asked' } },
      { method: 'POST', body: { _id: 'faq.new', _type: 'faq', title: 'Answered' } },
      // A delete sends the projection of the document as it was.
      { method: 'POST', body: { _id: 'faq.new', _type: 'faq', title: 'Answered' } },
    ])
    const [create, update, remove] = received as [Received, Received, Received]
    expect(create.headers).toMatchObject({
      'content-type': 'application/json',
      'sanity-project-id': 'embedded',
      'sanity-dataset': 'production',
      'sanity-document-id': 'faq.new',
      'sanity-transaction-id': 'tx-create',
      'sanity-operation': 'create',
      'sanity-webhook-id': 'publish',
      'idempotency-key': 'publish-tx-create-faq.new',
    })
    expect(new Date(create.headers['sanity-transaction-time'] as string).toISOString()).toBe(
      create.headers['sanity-transaction-time'],
    )
    expect(update.headers['sanity-operation']).toBe('update')
    expect(update.headers['sanity-transaction-id']).toBe('tx-update')
    expect(remove.headers['sanity-operation']).toBe('delete')
    for (const { headers, body } of received) {
      const signature = headers['sanity-webhook-signature'] as string
      expect(signature).toMatch(/^t=\d{13},v1=[\w-]+$/)
      expect(await isValidSignature(body, signature, SECRET)).toBe(true)
      expect(await isValidSignature(body, signature, 'another-secret')).toBe(false)
    }
  })

  it('leaves drafts and release versions out unless asked, and sends the whole document without a projection', async () => {
    const hooks = start([{ id: 'default', url }])
    lake.transact([{ create: { _id: 'drafts.faq.draft', _type: 'faq', title: 'Draft' } }])
    lake.transact([{ create: { _id: 'versions.r1.faq.draft', _type: 'faq', title: 'Version' } }])
    lake.transact([{ create: { _id: 'faq.published', _type: 'faq', title: 'Published' } }], { transactionId: 'tx-p' })
    await hooks.whenIdle()
    expect(received).toHaveLength(1)
    const [only] = received as [Received]
    expect(JSON.parse(only.body)).toMatchObject({
      _id: 'faq.published',
      _type: 'faq',
      title: 'Published',
      _rev: 'tx-p',
    })
    expect(only.headers['sanity-webhook-signature']).toBeUndefined()

    delivery?.close()
    received = []
    const withDrafts = start([{ url, includeDrafts: true, includeAllVersions: true, projection: '{_id}' }])
    lake.transact([{ patch: { id: 'drafts.faq.draft', set: { title: 'Draft 2' } } }])
    lake.transact([{ patch: { id: 'versions.r1.faq.draft', set: { title: 'Version 2' } } }])
    await withDrafts.whenIdle()
    expect(received.map(({ body }) => JSON.parse(body)._id)).toEqual(['drafts.faq.draft', 'versions.r1.faq.draft'])
  })

  it('sends only what the filter and the operations match, with delta-GROQ and sanity:: functions', async () => {
    const hooks = start([
      {
        id: 'titles',
        url,
        on: ['update'],
        filter: '_type == "faq" && delta::changedAny(title)',
        projection: '{"id": _id, "was": before().title, "is": after().title, "project": sanity::projectId()}',
      },
    ])
    lake.transact([{ create: { _id: 'faq.f', _type: 'faq', title: 'One' } }])
    lake.transact([{ patch: { id: 'faq.f', set: { answer: 'Not the title' } } }])
    lake.transact([{ patch: { id: 'faq.f', set: { title: 'Two' } } }])
    lake.transact([{ patch: { id: 'siteSettings', set: { title: 'Not a FAQ' } } }])
    await hooks.whenIdle()
    expect(received.map(({ body }) => JSON.parse(body))).toEqual([
      { id: 'faq.f', was: 'One', is: 'Two', project: 'embedded' },
    ])
  })

  it('retries a 429, a 5xx or no answer twice, with the same idempotency key and a fresh signature, then gives up', async () => {
    const attempts: WebhookAttempt[] = []
    const hooks = start([{ id: 'h', url, secret: SECRET, projection: '{_id}' }], attempts)
    answers = [503, 429]
    lake.transact([{ create: { _id: 'faq.a', _type: 'faq' } }], { transactionId: 'tx-a' })
    await hooks.whenIdle()
    expect(attempts.map(({ attempt, status, willRetry }) => ({ attempt, status, willRetry }))).toEqual([
      { attempt: 1, status: 503, willRetry: true },
      { attempt: 2, status: 429, willRetry: true },
      { attempt: 3, status: 200, willRetry: false },
    ])
    expect(new Set(received.map(({ headers }) => headers['idempotency-key']))).toEqual(new Set(['h-tx-a-faq.a']))
    expect(new Set(received.map(({ headers }) => headers['sanity-webhook-signature'])).size).toBe(3)

    attempts.length = 0
    answers = [500, 500, 500, 500]
    lake.transact([{ create: { _id: 'faq.b', _type: 'faq' } }])
    await hooks.whenIdle()
    expect(attempts.map(({ status, willRetry }) => [status, willRetry])).toEqual([
      [500, true],
      [500, true],
      [500, false],
    ])
    expect(answers).toEqual([500]) // a fourth attempt never came

    attempts.length = 0
    answers = [401]
    lake.transact([{ create: { _id: 'faq.c', _type: 'faq' } }])
    await hooks.whenIdle()
    expect(attempts.map(({ status, willRetry }) => [status, willRetry])).toEqual([[401, false]])
  })

  it('retries a receiver that does not answer at all', async () => {
    const attempts: WebhookAttempt[] = []
    const closedPort = url.replace(/:\d+\//, ':1/')
    const hooks = start([{ url: closedPort }], attempts)
    lake.transact([{ create: { _id: 'faq.d', _type: 'faq' } }])
    await hooks.whenIdle()
    expect(attempts.map(({ status, willRetry }) => [status, willRetry])).toEqual([
      [0, true],
      [0, true],
      [0, false],
    ])
  })
})

describe('the lake’s webhook configuration', () => {
  it('reads CONTENT_LAKE_WEBHOOKS, else .lake/webhooks.json, in the lake’s shape or the Webhooks API’s (rule)', () => {
    const stateDirectory = mkdtempSync(join(tmpdir(), 'lake-state-'))
    try {
      expect(webhooksFromEnv(stateDirectory, {})).toEqual([])
      const apiShape = {
        name: 'Publish',
        url: 'https://example.com/api/publish',
        secret: 's',
        rule: { on: ['create', 'update'], filter: '_type == "page"', projection: '{_id}' },
      }
      writeFileSync(join(stateDirectory, 'webhooks.json'), JSON.stringify([apiShape]))
      expect(webhooksFromEnv(stateDirectory, {})).toEqual([
        {
          name: 'Publish',
          url: 'https://example.com/api/publish',
          secret: 's',
          on: ['create', 'update'],
          filter: '_type == "page"',
          projection: '{_id}',
        },
      ])
      const fromEnv = [{ url: 'http://127.0.0.1:4600/api/publish', projection: '{_id}' }]
      expect(webhooksFromEnv(stateDirectory, { CONTENT_LAKE_WEBHOOKS: JSON.stringify(fromEnv) })).toEqual(fromEnv)
      expect(() => webhooksFromEnv(stateDirectory, { CONTENT_LAKE_WEBHOOKS: '[{"secret":"no url"}]' })).toThrow(
        'must be a JSON array of webhooks, each with a url',
      )
    } finally {
      rmSync(stateDirectory, { recursive: true, force: true })
    }
  })
})
