import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CATCH_UP_QUERY, catchUp, catchUpCursorFile, contentQueryFromEnv } from '../../apps/server/src/publish/catchUp'

let directory: string
let buildDir: string
let seedFile: string

const document = (_id: string, _updatedAt: string, _rev = `rev-${_updatedAt}`) => ({
  _id,
  _type: 'page',
  _updatedAt,
  _rev,
  title: _id,
})

function writeDataset(documents: ReturnType<typeof document>[]) {
  writeFileSync(seedFile, documents.map((entry) => JSON.stringify(entry)).join('\n'))
}

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'catch-up-'))
  buildDir = join(directory, 'build')
  seedFile = join(directory, 'seed.ndjson')
  mkdirSync(join(buildDir, 'publisher'), { recursive: true })
  // The full build: three routes, one of them showing a FAQ.
  const routes = {
    '/': { document: 'page.home', shows: ['faq.1', 'siteSettings'], policy: '' },
    '/about': { document: 'page.about', shows: ['siteSettings'], policy: '' },
    '/old': { document: 'page.old', shows: ['siteSettings'], policy: '' },
  }
  const state = join(buildDir, 'publisher', 'state.json')
  writeFileSync(state, JSON.stringify({ siteUrl: 'https://example.com', routes }))
  const builtAt = new Date('2026-11-20T10:00:00.000Z')
  utimesSync(state, builtAt, builtAt)
})
afterEach(() => rmSync(directory, { recursive: true, force: true }))

describe('the publish endpoint’s catch-up', () => {
  it('publishes what changed since the build and what the build shows that is gone, then only what is newer', async () => {
    writeDataset([
      document('siteSettings', '2026-11-19T09:00:00.000Z'),
      document('page.home', '2026-11-21T08:00:00.000Z'), // changed after the build
      document('page.about', '2026-11-19T09:00:00.000Z'),
      document('page.new', '2026-11-22T08:00:00.000Z'), // created after the build
      document('faq.1', '2026-11-19T09:00:00.000Z'),
      { ...document('drafts.page.about', '2026-11-23T08:00:00.000Z') }, // a draft: never published
    ])
    // page.old is gone: deleted or unpublished while nobody listened.
    const query = contentQueryFromEnv({ CONTENT_SEED_FILE: seedFile })
    const publish = vi.fn(async (_ids: string[]) => {})
    const first = await catchUp({ query, buildDir, publish })
    expect(first.since).toBe('2026-11-20T10:00:00.000Z')
    expect(first.documentIds).toEqual(['page.home', 'page.new', 'page.old'])
    expect(publish).toHaveBeenCalledExactlyOnceWith(['page.home', 'page.new', 'page.old'])
    const cursor = JSON.parse(readFileSync(catchUpCursorFile(buildDir), 'utf8'))
    expect(cursor).toEqual({ since: first.until })
    expect(Date.parse(first.until)).toBeGreaterThan(Date.now() - 60_000)

    // The publisher removed /old from the state; a change after the cursor is all the next run publishes.
    const state = JSON.parse(readFileSync(join(buildDir, 'publisher', 'state.json'), 'utf8'))
    delete state.routes['/old']
    writeFileSync(join(buildDir, 'publisher', 'state.json'), JSON.stringify(state))
    const later = new Date(Date.parse(first.until) + 1).toISOString()
    await new Promise((resolve) => setTimeout(resolve, 20))
    writeDataset([
      document('siteSettings', '2026-11-19T09:00:00.000Z'),
      document('page.home', '2026-11-21T08:00:00.000Z'),
      document('page.about', later),
      document('page.new', '2026-11-22T08:00:00.000Z'),
      document('faq.1', '2026-11-19T09:00:00.000Z'),
    ])
    publish.mockClear()
    const second = await catchUp({ query, buildDir, publish })
    expect(second.since).toBe(first.until)
    expect(second.documentIds).toEqual(['page.about'])
    expect(publish).toHaveBeenCalledExactlyOnceWith(['page.about'])

    publish.mockClear()
    expect((await catchUp({ query, buildDir, publish })).documentIds).toEqual([])
    expect(publish).not.toHaveBeenCalled()
  })

  it('keeps its cursor when the publish fails, so the next run publishes the same changes again', async () => {
    writeDataset([
      document('siteSettings', '2026-11-19T09:00:00.000Z'),
      document('page.home', '2026-11-21T08:00:00.000Z'),
      document('page.about', '2026-11-19T09:00:00.000Z'),
      document('page.old', '2026-11-19T09:00:00.000Z'),
      document('faq.1', '2026-11-21T09:00:00.000Z'),
    ])
    const query = contentQueryFromEnv({ CONTENT_SEED_FILE: seedFile })
    const failing = vi.fn(async () => {
      throw new Error('the publisher exited')
    })
    await expect(catchUp({ query, buildDir, publish: failing })).rejects.toThrow('the publisher exited')
    expect(existsSync(catchUpCursorFile(buildDir))).toBe(false)
    const publish = vi.fn(async (_ids: string[]) => {})
    const retried = await catchUp({ query, buildDir, publish })
    expect(retried.since).toBe('2026-11-20T10:00:00.000Z')
    expect(publish).toHaveBeenCalledExactlyOnceWith(['faq.1', 'page.home'])
  })

  it('leaves out a change at the revision a webhook’s publish already put live, not a newer one', async () => {
    writeDataset([
      document('siteSettings', '2026-11-19T09:00:00.000Z'),
      document('page.home', '2026-11-21T08:00:00.000Z', 'tx-home-2'),
      document('page.about', '2026-11-21T09:00:00.000Z', 'tx-about-1'),
      document('page.old', '2026-11-19T09:00:00.000Z'),
      document('faq.1', '2026-11-19T09:00:00.000Z'),
    ])
    const published: Record<string, string> = { 'page.home': 'tx-home-1', 'page.about': 'tx-about-1' }
    const publish = vi.fn(async (_ids: string[]) => {})
    const result = await catchUp({
      query: contentQueryFromEnv({ CONTENT_SEED_FILE: seedFile }),
      buildDir,
      publish,
      publishedRevision: (id) => published[id],
    })
    expect(result.documentIds).toEqual(['page.home'])
    expect(publish).toHaveBeenCalledExactlyOnceWith(['page.home'])
  })

  it('asks Sanity’s query API the same question, with the read token, when a project is configured', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({
        result: { now: '2026-11-25T10:00:00.000Z', changed: [{ _id: 'page.home', _rev: 'r1' }], ids: ['page.home'] },
        ms: 3,
      }),
    )
    const query = contentQueryFromEnv({
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'staging',
      SANITY_READ_TOKEN: 'tok',
    })
    const result = await query(CATCH_UP_QUERY, { since: '2026-11-20T10:00:00.000Z' })
    expect(result).toEqual({
      now: '2026-11-25T10:00:00.000Z',
      changed: [{ _id: 'page.home', _rev: 'r1' }],
      ids: ['page.home'],
    })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('https://abc123.api.sanity.io/v2025-02-19/data/query/staging')
    expect(init?.headers).toMatchObject({ authorization: 'Bearer tok' })
    expect(JSON.parse(String(init?.body))).toEqual({
      query: CATCH_UP_QUERY,
      params: { since: '2026-11-20T10:00:00.000Z' },
      perspective: 'published',
    })
  })
})
