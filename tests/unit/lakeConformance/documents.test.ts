import { describe, expect, it } from 'vitest'
import { lakePerTest, rejectionOf } from './lake'

const lake = lakePerTest()

// https://www.sanity.io/docs/http-reference/doc (GET /data/doc/:dataset/:ids → {documents, omitted})
describe('documents by id', () => {
  it('reads one document, undefined when missing; several in the order asked, null for the missing', async () => {
    expect(await lake.editor.getDocument('drafts.faq-1')).toMatchObject({ question: 'Is it local? (draft)' })
    expect(await lake.editor.getDocument('nothing')).toBeUndefined()
    const documents = await lake.editor.getDocuments(['nothing', 'settings', 'faq-1'])
    expect(documents.map((document) => document?._id ?? null)).toEqual([null, 'settings', 'faq-1'])
  })

  it('answers {documents, omitted} with reason "existence" for a missing id', async () => {
    const answer = await lake.editor.request({ uri: '/data/doc/production/faq-1,nothing' })
    expect(answer).toEqual({
      documents: [expect.objectContaining({ _id: 'faq-1' })],
      omitted: [{ id: 'nothing', reason: 'existence' }],
    })
  })
})

// https://www.sanity.io/docs/http-reference/history: a document as of a revision or a time, and the transactions
// that changed it (NDJSON). The lake keeps history from the moment it starts (a deliberate difference, docs/content-lake.md).
describe('history', () => {
  it('reads a document as it was at an earlier revision', async () => {
    const first = await lake.editor.patch('faq-1').set({ views: 2 }).commit()
    await lake.editor.patch('faq-1').set({ views: 3 }).commit()
    const answer = await lake.editor.request({
      uri: `/data/history/production/documents/faq-1?revision=${first._rev}`,
    })
    expect(answer.documents).toEqual([expect.objectContaining({ _id: 'faq-1', views: 2, _rev: first._rev })])
  })

  it('reads a document as it was at a time', async () => {
    const first = await lake.editor.patch('faq-1').set({ views: 2 }).commit()
    await new Promise((resolve) => setTimeout(resolve, 5))
    await lake.editor.patch('faq-1').set({ views: 3 }).commit()
    const answer = await lake.editor.request({
      uri: `/data/history/production/documents/faq-1?time=${encodeURIComponent(first._updatedAt)}`,
    })
    expect(answer.documents).toEqual([expect.objectContaining({ views: 2 })])
  })

  it('reads the state before the first change the lake saw for a time before it', async () => {
    await lake.editor.patch('faq-1').set({ views: 2 }).commit()
    const answer = await lake.editor.request({
      uri: '/data/history/production/documents/faq-1?time=2000-01-01T00:00:00Z',
    })
    expect(answer.documents).toEqual([expect.objectContaining({ views: 1 })])
  })

  it('lastRevision answers the current document, or the last state of a deleted one (v2025-02-19)', async () => {
    await lake.editor.patch('faq-1').set({ views: 2 }).commit()
    await lake.editor.delete('faq-1')
    const deleted = await lake.editor.request({ uri: '/data/history/production/documents/faq-1?lastRevision=true' })
    expect(deleted.documents).toEqual([expect.objectContaining({ _id: 'faq-1', views: 2 })])
    const current = await lake.editor.request({ uri: '/data/history/production/documents/settings?lastRevision=true' })
    expect(current.documents).toEqual([expect.objectContaining({ _id: 'settings', companyName: 'Acme' })])
  })

  it('refuses more than one of revision, time and lastRevision ("only one of them can be specified")', async () => {
    const failure = await rejectionOf(
      lake.editor.request({
        uri: '/data/history/production/documents/faq-1?lastRevision=true&time=2026-01-01T00:00:00Z',
      }),
    )
    expect(failure.statusCode).toBe(400)
  })

  it('lists the transactions that changed a document as NDJSON, oldest first, with their effects', async () => {
    const one = await lake.editor.patch('faq-1').set({ views: 2 }).commit({ transactionId: 'tx-h1' })
    await lake.editor.patch('faq-1').set({ views: 3 }).commit({ transactionId: 'tx-h2' })
    const ndjson: string = await lake.editor.request({ uri: '/data/history/production/transactions/faq-1' })
    const transactions = ndjson
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(transactions.map((transaction) => transaction.id)).toEqual(['tx-h1', 'tx-h2'])
    expect(transactions[0]).toMatchObject({
      timestamp: one._updatedAt,
      author: expect.any(String),
      documentIDs: ['faq-1'],
      effects: { 'faq-1': { apply: expect.any(Array), revert: expect.any(Array) } },
    })
  })

  it('answers 404 for a history route it does not have', async () => {
    const failure = await rejectionOf(lake.editor.request({ uri: '/data/history/production/nothing/faq-1' }))
    expect(failure.statusCode).toBe(404)
  })
})
