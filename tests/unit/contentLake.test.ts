import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedFilePath } from '@site/content-api'
import { ContentLake, handleLakeRequest, lakeFilesFor } from '@site/content-api/lake'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const TOKEN = 'unit-test-local-editor-token-0123456789abcdef'
const STUDIO = 'http://localhost:3333'
let directory: string
let lake: ContentLake
let files: ReturnType<typeof lakeFilesFor>

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'lake-'))
  files = lakeFilesFor(join(directory, 'seed.ndjson'))
  copyFileSync(seedFilePath({}), files.published)
  lake = new ContentLake(files)
})
afterEach(() => rmSync(directory, { recursive: true, force: true }))

function call(path: string, init: RequestInit & { token?: string | null; origin?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.token !== null) headers.set('authorization', `Bearer ${init.token ?? TOKEN}`)
  headers.set('origin', init.origin ?? STUDIO)
  return handleLakeRequest(new Request(`http://embedded.localhost:3334/v2025-02-19${path}`, { ...init, headers }), {
    lake,
    projectId: 'embedded',
    dataset: 'production',
    token: TOKEN,
    allowedOrigins: [STUDIO],
  })
}

const post = (path: string, body: unknown, init: { token?: string | null; origin?: string } = {}) =>
  call(path, { ...init, method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })

const storedLines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean)
const stored = (file: string, id: string) =>
  storedLines(file)
    .map((line) => JSON.parse(line))
    .find((document) => document._id === id)

describe('mutations', () => {
  it('applies a transaction, stamps revisions and writes published and draft documents to their own files', async () => {
    const response = await post('/data/mutate/production', {
      transactionId: 'tx-1',
      mutations: [
        { create: { _id: 'drafts.faq.new', _type: 'faq', question: 'Is it local?' } },
        { patch: { id: 'drafts.faq.new', set: { answer: 'Yes.' } } },
        { patch: { id: 'siteSettings', set: { tagline: 'Local tagline' } } },
      ],
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      transactionId: 'tx-1',
      results: [
        { id: 'drafts.faq.new', operation: 'create' },
        { id: 'drafts.faq.new', operation: 'update' },
        { id: 'siteSettings', operation: 'update' },
      ],
    })
    expect(stored(files.drafts, 'drafts.faq.new')).toMatchObject({
      question: 'Is it local?',
      answer: 'Yes.',
      _rev: 'tx-1',
    })
    expect(stored(files.published, 'siteSettings')).toMatchObject({ tagline: 'Local tagline', _rev: 'tx-1' })
    expect(stored(files.published, 'drafts.faq.new')).toBeUndefined()
  })

  it('refuses a patch against a stale revision as the hosted API does, and changes nothing', async () => {
    await post('/data/mutate/production', {
      transactionId: 'rev-a',
      mutations: [{ patch: { id: 'siteSettings', set: { tagline: 'A' } } }],
    })
    const before = readFileSync(files.published, 'utf8')
    const response = await post('/data/mutate/production', {
      mutations: [{ patch: { id: 'siteSettings', ifRevisionID: 'stale', set: { tagline: 'B' } } }],
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      error: {
        description:
          'The mutation(s) failed: Document "siteSettings" has unexpected revision ID ("rev-a"), expected "stale"',
        type: 'mutationError',
        items: [
          {
            error: {
              type: 'documentRevisionIDDoesNotMatchError',
              id: 'siteSettings',
              description: 'Document "siteSettings" has unexpected revision ID ("rev-a"), expected "stale"',
            },
            index: 0,
          },
        ],
      },
      statusCode: 409,
    })
    expect(readFileSync(files.published, 'utf8')).toBe(before)
  })

  it('applies all of a transaction or none of it', async () => {
    const before = readFileSync(files.published, 'utf8')
    const response = await post('/data/mutate/production', {
      mutations: [
        { patch: { id: 'siteSettings', set: { tagline: 'Half done' } } },
        { patch: { id: 'no-such-document', set: { title: 'x' } } },
      ],
    })
    expect(response.status).toBe(404)
    expect((await response.json()).error.items[0]).toEqual({
      error: {
        type: 'documentNotFoundError',
        id: 'no-such-document',
        description: 'Document "no-such-document" not found',
      },
      index: 1,
    })
    expect(readFileSync(files.published, 'utf8')).toBe(before)
    expect(lake.get('siteSettings')?.tagline).not.toBe('Half done')
  })

  it('refuses creating a document that exists, and a body that is not JSON', async () => {
    const exists = await post('/data/mutate/production', {
      mutations: [{ create: { _id: 'siteSettings', _type: 'siteSettings' } }],
    })
    expect(exists.status).toBe(409)
    expect((await exists.json()).error.items[0].error.type).toBe('documentAlreadyExistsError')
    const invalid = await call('/data/mutate/production', { method: 'POST', body: '{not json' })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual({
      error: { description: 'The request body is not valid JSON', type: 'httpBadRequest' },
    })
  })

  it('gives hand-written seed documents a stable revision without rewriting their lines in the file', async () => {
    const revision = lake.get('faq.home-1')?._rev
    expect(revision).toMatch(/^[\w-]{22}$/)
    expect(new ContentLake(files).get('faq.home-1')?._rev).toBe(revision)
    const faqLine = storedLines(files.published).find((line) => line.includes('"faq.home-1"'))
    await post('/data/mutate/production', {
      mutations: [{ patch: { id: 'siteSettings', set: { tagline: 'Changed' } } }],
    })
    expect(storedLines(files.published)).toContain(faqLine)
    expect(faqLine).not.toContain('_rev')
  })

  it('keeps the previous file and the previous documents when the write fails', () => {
    mkdirSync(files.drafts) // a directory where the drafts file should go: the atomic rename fails
    const before = readFileSync(files.published, 'utf8')
    expect(() => lake.transact([{ patch: { id: 'siteSettings', set: { tagline: 'Never stored' } } }])).toThrow()
    expect(readFileSync(files.published, 'utf8')).toBe(before)
    expect(lake.get('siteSettings')?.tagline).not.toBe('Never stored')
  })
})

describe('actions (what the Studio sends to edit, publish, unpublish and discard)', () => {
  const act = (actions: unknown[]) => post('/data/actions/production', { actions })
  const pair = { draftId: 'drafts.siteSettings', publishedId: 'siteSettings' }

  it('edit starts a draft from the published document; publish replaces the published one and removes the draft', async () => {
    await act([{ actionType: 'sanity.action.document.edit', ...pair, patch: { set: { tagline: 'Drafted' } } }])
    expect(lake.get('drafts.siteSettings')).toMatchObject({ companyName: 'AdvisorGrowth', tagline: 'Drafted' })
    expect(lake.get('siteSettings')?.tagline).not.toBe('Drafted')

    const published = await act([{ actionType: 'sanity.action.document.publish', ...pair }])
    expect(published.status).toBe(200)
    expect(lake.get('drafts.siteSettings')).toBeUndefined()
    expect(stored(files.published, 'siteSettings')).toMatchObject({ tagline: 'Drafted' })
    expect(storedLines(files.drafts)).toEqual([])
  })

  it('discard removes the draft; unpublish turns the published document back into a draft', async () => {
    await act([{ actionType: 'sanity.action.document.edit', ...pair, patch: { set: { tagline: 'Discard me' } } }])
    await act([{ actionType: 'sanity.action.document.discard', draftId: pair.draftId }])
    expect(lake.get('drafts.siteSettings')).toBeUndefined()

    // A page: nothing references it (a referenced FAQ could not be unpublished, as on Sanity).
    await act([
      {
        actionType: 'sanity.action.document.unpublish',
        draftId: 'drafts.page.webinar-strategy',
        publishedId: 'page.webinar-strategy',
      },
    ])
    expect(lake.get('page.webinar-strategy')).toBeUndefined()
    expect(stored(files.drafts, 'drafts.page.webinar-strategy')).toMatchObject({ _type: 'page' })
  })

  it("keeps each action as an event of the document's history, newest first, as the Studio's History panel reads it", async () => {
    await act([{ actionType: 'sanity.action.document.edit', ...pair, patch: { set: { tagline: 'Drafted' } } }])
    await act([{ actionType: 'sanity.action.document.publish', ...pair }])
    await act([{ actionType: 'sanity.action.document.edit', ...pair, patch: { set: { tagline: 'Discard me' } } }])
    await act([{ actionType: 'sanity.action.document.discard', draftId: pair.draftId }])
    await act([{ actionType: 'sanity.action.document.unpublish', ...pair }])
    const response = await call('/data/history/production/events/documents/drafts.siteSettings?limit=100')
    const { events } = (await response.json()) as { events: Record<string, { type: string; documentId: string }[]> }
    expect(events['drafts.siteSettings']?.map((event) => event.type)).toEqual([
      'unpublishDocument',
      'deleteDocumentVersion',
      'createDocumentVersion',
      'publishDocumentVersion',
      'createDocumentVersion',
    ])
    expect(events['drafts.siteSettings']?.every((event) => event.documentId === 'siteSettings')).toBe(true)
  })

  it('refuses publishing when the draft changed since the editor read it', async () => {
    await act([{ actionType: 'sanity.action.document.edit', ...pair, patch: { set: { tagline: 'v1' } } }])
    const response = await act([{ actionType: 'sanity.action.document.publish', ...pair, ifDraftRevisionId: 'old' }])
    expect(response.status).toBe(409)
    expect(lake.get('siteSettings')?.tagline).not.toBe('v1')
  })
})

describe('listen', () => {
  it('sends welcome, then a mutation event with revisions and a mendoza effect for matching documents only', async () => {
    const controller = new AbortController()
    const query = encodeURIComponent('*[_id in $ids]')
    const response = await call(
      `/data/listen/production?query=${query}&$ids=${encodeURIComponent('["siteSettings"]')}&effectFormat=mendoza&includeResult=false`,
      {
        signal: controller.signal,
      },
    )
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const reader = response.body!.getReader()
    const read = async () => new TextDecoder().decode((await reader.read()).value)
    expect(await read()).toMatch(/^event: welcome\ndata: \{"listenerName":"lake-\d+"\}\n\n$/)

    lake.transact([{ patch: { id: 'faq.home-1', set: { question: 'Not listened to' } } }], { transactionId: 'tx-faq' })
    lake.transact([{ patch: { id: 'siteSettings', set: { tagline: 'Heard' } } }], { transactionId: 'tx-settings' })
    const event = await read()
    expect(event).toMatch(/^id: tx-settings#siteSettings\nevent: mutation\ndata: /)
    const data = JSON.parse(event.split('data: ')[1]!)
    expect(data).toMatchObject({
      documentId: 'siteSettings',
      transactionId: 'tx-settings',
      transition: 'update',
      resultRev: 'tx-settings',
      mutations: [{ patch: { id: 'siteSettings', set: { tagline: 'Heard' } } }],
      transactionTotalEvents: 1,
      transactionCurrentEvent: 1,
      visibility: 'query',
    })
    expect(data.effects.apply).toEqual([0, expect.objectContaining({ tagline: 'Heard' })])
    expect(data).not.toHaveProperty('result')
    controller.abort()
  })

  it('gives the connection of a Studio list listener back after welcome, asking it to reconnect and fetch again', async () => {
    const query = encodeURIComponent('*[_type == $type]')
    const response = await call(
      `/data/listen/production?query=${query}&$type=${encodeURIComponent('"page"')}&tag=sanity.studio.listen-search-query`,
    )
    const body = await response.text()
    expect(body).toMatch(/^event: welcome\ndata: \{"listenerName":"lake-\d+"\}\n\nretry: 2000\n\n$/)
  })
})

describe('live events (what the Preview tool follows to refresh its queries)', () => {
  it('sends welcome, then one restart per transaction, to the preview that reads drafts', async () => {
    const controller = new AbortController()
    const response = await call(
      '/data/live/events/production?includeDrafts=true&tag=sanity.studio.presentation-loader',
      {
        signal: controller.signal,
      },
    )
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const reader = response.body!.getReader()
    const read = async () => new TextDecoder().decode((await reader.read()).value)
    expect(await read()).toBe('event: welcome\ndata: {}\n\n')
    lake.transact(
      [
        { patch: { id: 'faq.home-1', set: { question: 'One' } } },
        { patch: { id: 'faq.home-2', set: { question: 'Two' } } },
      ],
      { transactionId: 'tx-two-documents' },
    )
    expect(await read()).toBe('id: tx-two-documents\nevent: restart\ndata: {}\n\n')
    controller.abort()
  })

  it('refuses the drafts stream without the token; gives the published stream its connection back', async () => {
    expect((await call('/data/live/events/production?includeDrafts=true', { token: null })).status).toBe(401)
    const published = await call('/data/live/events/production', { token: null })
    expect(await published.text()).toBe('event: welcome\ndata: {}\n\nretry: 86400000\n\n')
  })
})

describe('a local server that writes files must not become a door', () => {
  it('refuses writes and hides drafts without the local editor token, but serves published content', async () => {
    const write = await post(
      '/data/mutate/production',
      { mutations: [{ delete: { id: 'siteSettings' } }] },
      { token: null },
    )
    expect(write.status).toBe(401)
    await post('/data/mutate/production', {
      mutations: [{ create: { _id: 'drafts.siteSettings', _type: 'siteSettings', companyName: 'Draft' } }],
    })
    const drafts = await call(
      `/data/query/production?query=${encodeURIComponent('*[_id in path("drafts.**")]')}&perspective=raw`,
      { token: null },
    )
    // As on a public dataset of Sanity's: ids with a path (drafts.*) are hidden from a reader without a token.
    expect(drafts.status).toBe(200)
    expect((await drafts.json()).result).toEqual([])
    const published = await call(
      `/data/query/production?query=${encodeURIComponent('*[_id == "siteSettings"][0].companyName')}&perspective=published`,
      { token: null },
    )
    expect((await published.json()).result).toBe('AdvisorGrowth')
    expect(lake.get('siteSettings')).toBeDefined()
  })

  it('refuses every request from an origin other than the Studio and the preview, even with the token', async () => {
    const response = await post(
      '/data/mutate/production',
      { mutations: [{ delete: { id: 'siteSettings' } }] },
      { origin: 'https://evil.example' },
    )
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(lake.get('siteSettings')).toBeDefined()
  })
})
