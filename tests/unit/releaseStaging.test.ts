import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@sanity/client'
import { startContentApiServer } from '@site/content-api/server'
import { afterEach, describe, expect, it } from 'vitest'
import { readContentSourceConfig } from '../../apps/web/app/content/config.server'
import { server } from './support/mswServer'

// The content a release's staging copy (apps/web/publish/stageRelease.ts, `publish:changed --release`) reads:
// docs/releases.md, "Reviewing a release before it goes live".
const ndjson = (documents: object[]) => `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`
const published = [
  { _id: 'page.offer', _type: 'page', title: 'Offer' },
  { _id: 'page.old', _type: 'page', title: 'Old' },
]
const lakeDrafts = [
  {
    _id: '_.releases.rspring',
    _type: 'system.release',
    name: 'rspring',
    state: 'active',
    metadata: { title: 'Spring' },
  },
  { _id: 'versions.rspring.page.offer', _type: 'page', title: 'Spring offer' },
  { _id: 'versions.rspring.page.new', _type: 'page', title: 'New' },
  { _id: 'versions.rspring.page.old', _type: 'page', title: 'Old', _system: { delete: true } },
  { _id: 'drafts.page.offer', _type: 'page', title: 'A draft nobody released' },
]

describe('reading the site through a content release', () => {
  const folders: string[] = []
  let mswClosed = false
  afterEach(() => {
    if (mswClosed) server.listen({ onUnhandledRequest: 'error' })
    mswClosed = false
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  })

  async function embeddedApi(withDrafts: boolean, options: { withLakeDrafts: boolean }) {
    const folder = mkdtempSync(join(tmpdir(), 'release-staging-'))
    folders.push(folder)
    const seedFile = join(folder, 'seed.ndjson')
    writeFileSync(seedFile, ndjson(published))
    if (withDrafts) writeFileSync(join(folder, 'seed.drafts.ndjson'), ndjson(lakeDrafts))
    if (!mswClosed) server.close() // let the real requests through
    mswClosed = true
    return startContentApiServer({ seedFile, ...options })
  }
  const client = (apiHost: string, perspective: 'published' | string[]) =>
    createClient({
      projectId: 'embedded',
      dataset: 'production',
      apiVersion: '2025-02-19',
      useCdn: false,
      apiHost,
      useProjectHostname: false,
      perspective,
    })
  const titles = '*[_type == "page"] | order(title asc).title'

  it('reads the release over the published documents, without what it unpublishes, and never a draft', async () => {
    const api = await embeddedApi(true, { withLakeDrafts: true })
    try {
      expect(await client(api.origin, ['rspring']).fetch(titles)).toStrictEqual(['New', 'Spring offer'])
      // The live site's perspective on the same files is unchanged.
      expect(await client(api.origin, 'published').fetch(titles)).toStrictEqual(['Offer', 'Old'])
    } finally {
      await api.close()
    }
  })

  it('serves only the seed unless asked, and a lake without a drafts file has no release', async () => {
    const live = await embeddedApi(true, { withLakeDrafts: false })
    const noDrafts = await embeddedApi(false, { withLakeDrafts: true })
    try {
      await expect(client(live.origin, ['rspring']).fetch(titles)).rejects.toThrow('Invalid perspective "rspring"')
      await expect(client(noDrafts.origin, ['rspring']).fetch(titles)).rejects.toThrow('Invalid perspective "rspring"')
      expect(await client(noDrafts.origin, 'published').fetch(titles)).toStrictEqual(['Offer', 'Old'])
    } finally {
      await Promise.all([live.close(), noDrafts.close()])
    }
  })

  it('reads CONTENT_RELEASE into its own staging copy only', () => {
    expect(
      readContentSourceConfig({ CONTENT_RELEASE: 'rspring', SITE_OUT_DIR: '/site/apps/web/dist-release-rspring' }),
    ).toStrictEqual({ embeddedOrigin: undefined, releases: ['rspring'] })
    expect(readContentSourceConfig({})).toStrictEqual({ embeddedOrigin: undefined })
    for (const SITE_OUT_DIR of [undefined, 'dist', 'dist-release-rother'])
      expect(() => readContentSourceConfig({ CONTENT_RELEASE: 'rspring', SITE_OUT_DIR })).toThrow(
        'CONTENT_RELEASE is set (rspring): it is for `pnpm publish:changed --release rspring`, which builds into a staging copy of the site; remove it from the environment',
      )
  })
})
