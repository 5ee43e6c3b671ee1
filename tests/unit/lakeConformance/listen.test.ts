import type { ListenEvent, LiveEvent, MutationEvent } from '@sanity/client'
import { describe, expect, it } from 'vitest'
import { collect, lakePerTest } from './lake'

const lake = lakePerTest()

type Options = Parameters<typeof lake.editor.listen>[2]

/** An editor's listener that has been welcomed, so every later mutation reaches it; `next` answers mutations. */
async function listener(query: string, params: Record<string, unknown> = {}, options: Options = {}) {
  const stream = collect<ListenEvent<Record<string, unknown>>>(
    lake.editor.listen(query, params, { events: ['welcome', 'mutation'], ...options }),
  )
  expect((await stream.next())[0]).toMatchObject({ type: 'welcome', listenerName: expect.any(String) })
  const next = async (count = 1): Promise<MutationEvent[]> =>
    (await stream.next(count)).map((event) => {
      if (event.type !== 'mutation') throw new Error(`Expected a mutation event, got ${event.type}`)
      return event
    })
  return { next, close: stream.close }
}

// https://www.sanity.io/docs/listening (parameters, the welcome and mutation events) and the client's MutationEvent
// type (transition: "update" the document was and still is in the set, "appear" it was not and now is,
// "disappear" it was and is no longer).
describe('listen', () => {
  it('sends a mutation event with revisions, the mutations and the resulting document', async () => {
    const events = await listener('*[_id == $id]', { id: 'faq-1' })
    const before = await lake.editor.getDocument('faq-1')
    const { transactionId } = await lake.editor.patch('faq-1').set({ views: 2 }).commit({ returnDocuments: false })
    const [event] = await events.next()
    expect(event).toMatchObject({
      type: 'mutation',
      documentId: 'faq-1',
      transactionId,
      transition: 'update',
      previousRev: before?._rev,
      resultRev: transactionId,
      mutations: [{ patch: { id: 'faq-1', set: { views: 2 } } }],
      result: { _id: 'faq-1', views: 2 },
      identity: expect.any(String),
      timestamp: expect.any(String),
      eventId: expect.any(String),
    })
    expect(event).not.toHaveProperty('previous')
    events.close()
  })

  it('gives transitions relative to the filter: appear, update, disappear', async () => {
    const events = await listener('*[_type == "faq" && featured == true]')
    await lake.editor.patch('faq-1').set({ featured: true }).commit()
    await lake.editor.patch('faq-1').set({ views: 5 }).commit()
    await lake.editor.patch('faq-1').set({ featured: false }).commit()
    await lake.editor.create({ _id: 'faq-2', _type: 'faq', featured: true })
    await lake.editor.delete('faq-2')
    const transitions = (await events.next(5)).map((event) => [event.documentId, event.transition])
    expect(transitions).toEqual([
      ['faq-1', 'appear'],
      ['faq-1', 'update'],
      ['faq-1', 'disappear'],
      ['faq-2', 'appear'],
      ['faq-2', 'disappear'],
    ])
    events.close()
  })

  it('counts transactionTotalEvents among the documents that match the filter only', async () => {
    const events = await listener('*[_type == "faq"]')
    await lake.editor
      .transaction()
      .patch('settings', (patch) => patch.set({ tagline: 'x' }))
      .patch('faq-1', (patch) => patch.set({ views: 2 }))
      .patch('drafts.faq-1', (patch) => patch.set({ views: 2 }))
      .commit()
    const batch = await events.next(2)
    expect(batch.map((event) => event.documentId).sort()).toEqual(['drafts.faq-1', 'faq-1'])
    // Numbered from 1: Sanity's own Studio tests build one-event transactions as 1 of 1 (the client's TSDoc says
    // zero-based; the hosted API's numbering is otherwise not documented).
    expect(batch.map((event) => [event.transactionTotalEvents, event.transactionCurrentEvent])).toEqual([
      [2, 1],
      [2, 2],
    ])
    events.close()
  })

  // The client sends includeResult=true unless told false, and leaves out every false option but includeMutations
  // and returnQuery (data/encodeQueryString.ts): an absent includeResult must mean false on the API.
  it('leaves out the result with includeResult false and the mutations with includeMutations false', async () => {
    const events = await listener('*[_id == "faq-1"]', {}, { includeResult: false, includeMutations: false })
    await lake.editor.patch('faq-1').set({ views: 2 }).commit()
    const [event] = await events.next()
    expect(event).not.toHaveProperty('result')
    expect(event).not.toHaveProperty('mutations')
    expect(event).toMatchObject({ documentId: 'faq-1', transition: 'update' })
    events.close()
  })

  it('adds the previous document with includePreviousRevision, and mendoza effects with effectFormat', async () => {
    const events = await listener('*[_id == "faq-1"]', {}, { includePreviousRevision: true, effectFormat: 'mendoza' })
    await lake.editor.patch('faq-1').set({ views: 2 }).commit()
    const [event] = await events.next()
    expect(event?.previous).toMatchObject({ _id: 'faq-1', views: 1 })
    expect(event?.effects).toEqual({ apply: expect.any(Array), revert: expect.any(Array) })
    events.close()
  })

  // Not documented beyond the option's name (the client's ListenOptions.includeAllVersions, sent since releases
  // came): the lake reads it as "events for versions.* documents too", which a listener does not get by default.
  it('hears release versions only with includeAllVersions', async () => {
    const all = await listener('*[_type == "faq"]', {}, { includeAllVersions: true })
    const defaults = await listener('*[_type == "faq"]')
    await lake.editor.create({ _id: 'versions.r1.faq-1', _type: 'faq' })
    await lake.editor.patch('faq-1').set({ views: 2 }).commit()
    expect((await all.next(2)).map((event) => event.documentId)).toEqual(['versions.r1.faq-1', 'faq-1'])
    expect((await defaults.next()).map((event) => event.documentId)).toEqual(['faq-1'])
    all.close()
    defaults.close()
  })

  it('answers a filter Sanity cannot parse with a channelError carrying the query error', async () => {
    const stream = collect(lake.editor.listen('*[_type == ]', {}, { events: ['welcome', 'mutation'] }))
    const failure = (await stream.failed()) as Error
    // The client raises a ChannelError and formats the queryParseError's position (data/eventsource.ts).
    expect(failure.name).toBe('ChannelError')
    expect(failure.message).toMatch(/^GROQ query parse error:/)
    expect(stream.events).toEqual([])
  })

  it('answers a missing $parameter with a channelError too', async () => {
    const stream = collect(lake.editor.listen('*[_id == $id]', {}, { events: ['welcome', 'mutation'] }))
    const failure = (await stream.failed()) as Error
    expect(failure.name).toBe('ChannelError')
    expect(failure.message).toContain('param $id referenced, but not provided')
  })
})

// https://www.sanity.io/docs/content-lake/live-content-api: events about published content are public; drafts
// need a token. The lake computes no sync tags: it sends "restart" (refetch everything) after each transaction.
describe('live events', () => {
  it('keeps an anonymous published stream open and sends restart after a change to published content', async () => {
    const events = collect<LiveEvent>(lake.anonymous.live.events())
    expect((await events.next())[0]).toMatchObject({ type: 'welcome' })
    await lake.editor.patch('drafts.faq-1').set({ views: 3 }).commit() // a draft: not this stream's business
    const { transactionId } = await lake.editor.patch('faq-1').set({ views: 2 }).commit({ returnDocuments: false })
    expect((await events.next())[0]).toMatchObject({ type: 'restart', id: transactionId })
    events.close()
  })

  it('sends restart after a draft change to a stream with drafts, which needs a token', async () => {
    expect(() => lake.anonymous.live.events({ includeDrafts: true })).toThrow(/token/)
    const events = collect<LiveEvent>(lake.editor.live.events({ includeDrafts: true }))
    expect((await events.next())[0]).toMatchObject({ type: 'welcome' })
    const { transactionId } = await lake.editor
      .patch('drafts.faq-1')
      .set({ views: 3 })
      .commit({ returnDocuments: false })
    expect((await events.next())[0]).toMatchObject({ type: 'restart', id: transactionId })
    events.close()
  })
})
