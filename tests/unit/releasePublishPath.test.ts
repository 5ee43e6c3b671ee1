import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { startContentLake } from '@site/content-api/lake'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { contentQueryFromEnv } from '../../apps/server/src/contentQuery'
import { createPublishQueue, type PublishReport } from '../../apps/server/src/publish/publishQueue'
import { documentsOfTransaction } from '../../apps/server/src/publish/transactionDocuments'
import { handlePublishWebhook } from '../../apps/server/src/publish/webhookEndpoint'
import { actionsToMutations } from '../../packages/content-api/src/lake/actions'
import { lakePerTest } from './lakeConformance/lake'
import { server as msw } from './support/mswServer'

const SECRET = 'release-publish-webhook-secret'

describe('a published release on the publish path', () => {
  const lake = lakePerTest()
  let receiver: Server
  let reports: PublishReport[]
  let deliveries: number

  beforeEach(async () => {
    reports = []
    deliveries = 0
    const query = contentQueryFromEnv({ CONTENT_SEED_FILE: lake.server.lake.files.published })
    const queue = createPublishQueue({
      rebuild: async () => ({ routes: 'all' }),
      debounceMs: 200,
      onReport: (report) => reports.push(report),
    })
    // What publishRoutes does with a delivery: queue its document, and the other documents of its transaction.
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', async () => {
        deliveries += 1
        const first = deliveries === 1
        const revision = String(request.headers['sanity-transaction-id'])
        const answer = await handlePublishWebhook(
          new Request('http://127.0.0.1/api/publish', {
            method: 'POST',
            headers: { [SIGNATURE_HEADER_NAME]: String(request.headers[SIGNATURE_HEADER_NAME]) },
            body: Buffer.concat(chunks),
          }),
          // Only the first delivery is heard, as if the others were late: it alone must bring the whole release.
          { secret: SECRET, enqueue: (ids) => (first ? queue.add(ids) : undefined) },
        )
        if (first) queue.add(await documentsOfTransaction(query, revision))
        response.writeHead(answer.status).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  })
  afterEach(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

  it('the first webhook of a release brings all of its documents into one publish', async () => {
    await lake.editor.releases.create({ releaseId: 'rcampaign', metadata: { title: 'Campaign' } })
    await lake.editor.createVersion({
      releaseId: 'rcampaign',
      publishedId: 'faq-1',
      document: { _type: 'faq', question: 'Campaign?' },
    })
    await lake.editor.createVersion({
      releaseId: 'rcampaign',
      publishedId: 'settings',
      document: { _type: 'siteSettings', companyName: 'Acme Campaign' },
    })
    const { transactionId } = await lake.editor.releases.publish({ releaseId: 'rcampaign' })
    const query = contentQueryFromEnv({ CONTENT_SEED_FILE: lake.server.lake.files.published })
    expect((await documentsOfTransaction(query, transactionId)).sort()).toEqual(['faq-1', 'settings'])
  })

  it("the lake's webhooks for a published release make one publish of all of its documents", async () => {
    // The lake's own webhook delivery, signed as Sanity signs (webhooks.ts), to the receiver above.
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/publish`
    const sender = await startContentLake({
      seedFile: lake.server.lake.files.published,
      projectId: 'conformance',
      dataset: 'production',
      token: 'sender-token',
      allowedOrigins: [],
      releaseScheduler: false,
      webhooks: [{ id: 'publish', url, secret: SECRET, projection: '{_id}' }],
    })
    try {
      sender.lake.transact(
        [
          {
            create: {
              _id: '_.releases.rsummer',
              _type: 'system.release',
              name: 'rsummer',
              state: 'active',
              metadata: {},
            },
          },
          { create: { _id: 'versions.rsummer.faq-1', _type: 'faq', question: 'Summer?' } },
          { create: { _id: 'versions.rsummer.settings', _type: 'siteSettings', companyName: 'Acme Summer' } },
        ],
        {},
      )
      sender.lake.transact(
        actionsToMutations([{ actionType: 'sanity.action.release.publish', releaseId: 'rsummer' }], sender.lake),
      )
      await sender.webhooksIdle()
      const deadline = Date.now() + 5_000
      while (reports.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(deliveries).toBe(2)
      expect(reports.map((report) => report.documentIds)).toEqual([['faq-1', 'settings']])
    } finally {
      await sender.close()
    }
  })
})

// Hosted (point 5, docs/releases.md): Sanity's scheduler publishes the release and its GROQ-powered webhook
// sends one request per document, each with the transaction's id in `sanity-transaction-id`
// (https://www.sanity.io/docs/webhooks). msw stands in for Sanity's query API, which the endpoint asks for
// the transaction's other documents.
describe("Sanity's webhooks for a published release (hosted, msw)", () => {
  it('one delivery is enough for the publish to hold every document the release published', async () => {
    const asked: unknown[] = []
    msw.use(
      http.post('https://hostedproject.api.sanity.io/v2025-02-19/data/query/production', async ({ request }) => {
        const body = (await request.json()) as { query: string; params: { transactionId: string }; perspective: string }
        asked.push(body)
        return Response.json({ result: ['page.spring', 'siteSettings'], ms: 1 })
      }),
    )
    const query = contentQueryFromEnv({ SANITY_PROJECT_ID: 'hostedproject', SANITY_READ_TOKEN: 'read-token' })
    const enqueued: string[][] = []
    const delivery = JSON.stringify({ _id: 'page.spring' })
    const response = await handlePublishWebhook(
      new Request('http://127.0.0.1/api/publish', {
        method: 'POST',
        headers: {
          [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(delivery, Date.now(), SECRET),
          'sanity-transaction-id': 'txRelease1',
          'sanity-document-id': 'page.spring',
          'sanity-operation': 'update',
        },
        body: delivery,
      }),
      { secret: SECRET, enqueue: (ids) => enqueued.push(ids) },
    )
    expect(response.status).toBe(202)
    enqueued.push(await documentsOfTransaction(query, 'txRelease1'))
    expect(enqueued).toEqual([['page.spring'], ['page.spring', 'siteSettings']])
    expect(asked).toEqual([
      {
        query: expect.stringContaining('_rev == $transactionId'),
        params: { transactionId: 'txRelease1' },
        perspective: 'published',
      },
    ])
  })
})
