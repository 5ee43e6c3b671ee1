import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createImageUrlBuilder } from '@sanity/image-url'
import { lakeFilesFor, startContentLake } from '@site/content-api/lake'
import { http, passthrough } from 'msw'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { imageHostFromEnv } from '../../apps/web/app/images/imageHost.server'
import { imageSrcSet, imageUrl, SANITY_CDN } from '../../apps/web/app/images/imageUrl'
import { server as msw } from './support/mswServer'

const SHA = 'f3c0b3a5d1e2f4a6b7c8d9e0f1a2b3c4d5e6f7a8'
/** An image field as the Studio stores it: the asset, the editor's crop (fractions cut from each side) and hotspot. */
const photo = {
  _type: 'image',
  asset: { _ref: `image-${SHA}-4000x3000-jpg`, _type: 'reference' },
  crop: { _type: 'sanity.imageCrop', top: 0.1, bottom: 0.2, left: 0.05, right: 0.15 },
  hotspot: { _type: 'sanity.imageHotspot', x: 0.7, y: 0.4, width: 0.2, height: 0.3 },
}

describe('imageUrl with a hosted project', () => {
  const host = imageHostFromEnv({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging' })

  it('addresses cdn.sanity.io with the project and dataset', () => {
    expect(host).toEqual({ projectId: 'abc123', dataset: 'staging', baseUrl: SANITY_CDN })
  })

  it('is what @sanity/image-url builds for the same crop, hotspot and size', () => {
    const url = imageUrl(host, photo, { width: 390, height: 260, quality: 60, dpr: 2 })
    const builder = createImageUrlBuilder({ projectId: 'abc123', dataset: 'staging' })
    expect(url).toBe(builder.image(photo).width(390).height(260).auto('format').quality(60).dpr(2).url())
    // By hand: the crop is x 200-3400, y 300-2400 (3200x2100), wider than 390:260 = 1.5, so its full height
    // and 3150 px of width, centred on the hotspot's x (2800) then pushed back inside the crop: x 250-3400.
    expect(url).toBe(
      `https://cdn.sanity.io/images/abc123/staging/${SHA}-4000x3000.jpg?rect=250,300,3150,2100&w=390&h=260&q=60&auto=format&dpr=2`,
    )
  })

  it('keeps the crop, and only the crop, when one side is given', () => {
    const url = imageUrl(host, photo, { width: 1280 })
    expect(url).toBe(createImageUrlBuilder(host).image(photo).width(1280).auto('format').url())
    expect(new URL(url).searchParams.get('rect')).toBe('200,300,3200,2100')
  })

  it('passes a fit mode on', () => {
    expect(imageUrl(host, photo, { width: 300, height: 300, fit: 'max' })).toBe(
      createImageUrlBuilder(host).image(photo).width(300).height(300).fit('max').auto('format').url(),
    )
  })

  it('builds a srcset of the same crop at every width', () => {
    const srcset = imageSrcSet(host, photo, [640, 1280], { aspectRatio: 16 / 9 })
    const builder = createImageUrlBuilder(host)
    expect(srcset).toBe(
      [
        `${builder.image(photo).width(640).height(360).auto('format').url()} 640w`,
        `${builder.image(photo).width(1280).height(720).auto('format').url()} 1280w`,
      ].join(', '),
    )
  })
})

describe('imageUrl without a project', () => {
  it('addresses the local Content Lake the same way, under the embedded project and dataset', () => {
    const host = imageHostFromEnv({})
    expect(host).toEqual({ projectId: 'embedded', dataset: 'production', baseUrl: 'http://localhost:3334' })
    expect(imageHostFromEnv({ CONTENT_LAKE_PORT: '4444' }).baseUrl).toBe('http://localhost:4444')
    const url = imageUrl(host, photo, { width: 390, height: 260 })
    expect(url).toBe(
      `http://localhost:3334/images/embedded/production/${SHA}-4000x3000.jpg?rect=250,300,3150,2100&w=390&h=260&auto=format`,
    )
  })

  it('gives URLs the local lake serves at the size asked for, in the format the browser takes', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'image-url-'))
    const files = lakeFilesFor(join(directory, 'seed.ndjson'))
    writeFileSync(files.published, '')
    const token = 'image-url-test-token-0123456789abcdef'
    const lake = await startContentLake({ seedFile: files.published, projectId: 'embedded', token, allowedOrigins: [] })
    try {
      msw.use(http.all(`${lake.apiHost}/*`, () => passthrough()))
      const original = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer()
      const uploaded = await fetch(`${lake.apiHost}/v2026-05-04/assets/images/production`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: new Uint8Array(original),
      })
      const { document } = await uploaded.json()
      const host = imageHostFromEnv({ CONTENT_LAKE_ORIGIN: lake.apiHost })
      const image = { ...photo, asset: { _ref: document._id, _type: 'reference' } }

      const response = await fetch(imageUrl(host, image, { width: 195, height: 130, dpr: 2 }), {
        headers: { accept: 'image/webp,*/*' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect([width, height, format]).toEqual([390, 260, 'webp'])
    } finally {
      await lake.close()
      rmSync(directory, { recursive: true, force: true })
    }
  })
})
