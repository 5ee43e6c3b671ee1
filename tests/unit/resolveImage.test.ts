import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ContentLakeServer, lakeFilesFor, startContentLake } from '@site/content-api/lake'
import { http, passthrough } from 'msw'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ResourceContent, SiteSettings } from '../../apps/web/app/content/types'
import { imageHostFromEnv } from '../../apps/web/app/images/imageHost.server'
import { imageUrl } from '../../apps/web/app/images/imageUrl'
import { IMAGE_LAYOUTS, routeShareImage } from '../../apps/web/app/images/pageImages.server'
import { NARROW_MEDIA } from '../../apps/web/app/images/resolvedImage'
import {
  IMAGE_WIDTHS,
  type ImageFieldValue,
  resolveCoverImage,
  resolveImage,
  resolveShareImage,
} from '../../apps/web/app/images/resolveImage.server'
import { copyImageVariants, variantsNamedIn } from '../../apps/web/publish/imageVariants'
import { server as msw } from './support/mswServer'

/*
 * A hero's image as the build resolves it: without a hosted project, every variant its HTML names is
 * rendered at build time by the lake's own transform code (so the file is what the lake answers for the
 * same address) under a content-hashed name; with one, the addresses are Sanity's CDN's.
 */

const TOKEN = 'unit-test-local-editor-token-0123456789abcdef'
let directory: string
let store: string
let server: ContentLakeServer
let field: ImageFieldValue
let original: Buffer

const letLakeThrough = () => msw.use(http.all(`${server.apiHost}/*`, () => passthrough()))
const srcsetWidths = (srcset: string) =>
  srcset.split(', ').map((candidate) => Number(candidate.split(' ')[1]!.slice(0, -1)))
const srcsetUrls = (srcset: string) => srcset.split(', ').map((candidate) => candidate.split(' ')[0]!)

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'resolve-image-'))
  store = join(directory, 'variants')
  const files = lakeFilesFor(join(directory, 'seed.ndjson'))
  writeFileSync(files.published, `${JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' })}\n`)
  server = await startContentLake({
    seedFile: files.published,
    projectId: 'embedded',
    dataset: 'production',
    token: TOKEN,
    allowedOrigins: ['http://localhost:3333'],
  })
  letLakeThrough()
  // 1000x600, a gradient so that every crop and size has different bytes.
  const pixels = Buffer.alloc(1000 * 600 * 3)
  for (let index = 0; index < 1000 * 600; index++) {
    pixels[index * 3] = (index % 1000) / 4
    pixels[index * 3 + 1] = Math.floor(index / 1000) / 3
    pixels[index * 3 + 2] = 128
  }
  original = await sharp(pixels, { raw: { width: 1000, height: 600, channels: 3 } })
    .jpeg()
    .toBuffer()
  const response = await fetch(`${server.apiHost}/v2026-05-04/assets/images/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(original),
  })
  const { document: asset } = await response.json()
  field = {
    src: asset.url,
    // The editor cut 10% from the left and 20% from the top, and put the hotspot right of centre.
    upload: {
      asset: { _ref: asset._id },
      crop: { top: 0.2, bottom: 0, left: 0.1, right: 0 },
      hotspot: { x: 0.8, y: 0.6, width: 0.1, height: 0.1 },
    },
    asset: { _id: asset._id, url: asset.url, metadata: asset.metadata },
  }
})
beforeEach(() => {
  letLakeThrough()
  vi.stubEnv('CONTENT_SEED_FILE', join(directory, 'seed.ndjson'))
  vi.stubEnv('SITE_IMAGE_CACHE', store)
  vi.stubEnv('SANITY_PROJECT_ID', '')
  vi.stubEnv('CONTENT_LAKE_ORIGIN', server.apiHost)
})
afterAll(async () => {
  await server?.close()
  rmSync(directory, { recursive: true, force: true })
})

describe('a static build (no hosted project)', () => {
  it('gives the crop its own size, AVIF and WebP candidates from the width ladder capped at the crop, and a portrait crop on phones', async () => {
    const image = (await resolveCoverImage(field))!
    // The crop: 90% of 1000 by 80% of 600.
    expect([image.width, image.height]).toEqual([900, 480])
    expect(image.sources.map(({ media, type }) => [media, type])).toEqual([
      [NARROW_MEDIA, 'image/avif'],
      [NARROW_MEDIA, 'image/webp'],
      [undefined, 'image/avif'],
    ])
    const wide = [...IMAGE_WIDTHS.filter((width) => width < 900), 900]
    expect(srcsetWidths(image.sources[2]!.srcSet)).toEqual(wide)
    expect(srcsetWidths(image.img.srcSet)).toEqual(wide)
    // Portrait, 3:4, at most the crop's height: 480 * 3/4 = 360 px wide.
    expect(srcsetWidths(image.sources[0]!.srcSet)).toEqual([320, 360])
    expect(image.img.src).toBe(srcsetUrls(image.img.srcSet).at(-1))
    for (const source of [...image.sources, image.img]) expect(source.sizes).toBe('100vw')
    expect(image.placeholder).toEqual({
      color: field.asset?.metadata?.palette?.dominant?.background,
      lqip: field.asset?.metadata?.lqip,
    })
    expect(image.placeholder.lqip).toMatch(/^data:image\/jpeg;base64,/)
  })

  it('writes each variant under a content-hashed name, with the bytes and size the lake serves for the same address', async () => {
    const image = (await resolveCoverImage(field))!
    const host = imageHostFromEnv()
    const wideAvif = srcsetUrls(image.sources[2]!.srcSet)
    expect(wideAvif[1]).toMatch(/^\/assets\/images\/[0-9a-f]{40}-480w-[0-9a-f]{16}\.avif$/)
    const stored = readFileSync(join(store, wideAvif[1]!.split('/').pop()!))
    // The address the site's image URL function makes for the same crop at 480 px, asked of the lake.
    const lakeUrl = imageUrl(host, { asset: { _ref: field.asset!._id }, ...field.upload }, { width: 480 })
    expect(new URL(lakeUrl).searchParams.get('rect')).toBe('100,120,900,480')
    const fromLake = await fetch(lakeUrl, { headers: { accept: 'image/avif,image/webp,*/*' } })
    expect(fromLake.headers.get('content-type')).toBe('image/avif')
    expect(Buffer.from(await fromLake.arrayBuffer()).equals(stored)).toBe(true)
    expect(await sharp(stored).metadata()).toMatchObject({ width: 480, height: 256 })
    // The phone's crop keeps the hotspot in view: 360x480 around x = 800, pushed inside the crop.
    const narrowWebp = srcsetUrls(image.sources[1]!.srcSet).at(-1)!
    const narrow = await sharp(readFileSync(join(store, narrowWebp.split('/').pop()!))).metadata()
    expect([narrow.width, narrow.height, narrow.format]).toEqual([360, 480, 'webp'])
    const narrowUrl = imageUrl(
      host,
      { asset: { _ref: field.asset!._id }, ...field.upload },
      { width: 360, height: 480 },
    )
    expect(new URL(narrowUrl).searchParams.get('rect')).toBe('620,120,360,480')
    // So the hotspot is the centre of the phone's crop, and stays there when CSS cuts it again to the box.
    expect(image.position.narrow).toBe('50% 50%')
    // The hotspot inside the full crop: (800 - 100) / 900 across, (360 - 120) / 480 down.
    expect(image.position.wide).toBe('77.8% 50%')
  })

  it('keeps the names of unchanged images from build to build, and gives a changed crop new ones', async () => {
    const first = (await resolveCoverImage(field))!
    const again = (await resolveCoverImage(field))!
    expect(again).toEqual(first)
    const recropped = (await resolveCoverImage({
      ...field,
      upload: { ...field.upload, crop: { top: 0, bottom: 0, left: 0, right: 0 } },
    }))!
    expect(srcsetUrls(recropped.img.srcSet).some((url) => srcsetUrls(first.img.srcSet).includes(url))).toBe(false)
  })

  it("renders a file of the site's own (an image path) the same way", async () => {
    const image = (await resolveCoverImage({ src: '/greenville-downtown.jpg' }))!
    expect([image.width, image.height]).toEqual([1600, 900])
    expect(srcsetWidths(image.img.srcSet).at(-1)).toBe(1600)
    expect(image.img.src).toMatch(/^\/assets\/images\/greenville-downtown-1280w-[0-9a-f]{16}\.webp$/)
    expect(image.position).toEqual({ narrow: 'center', wide: 'center' })
  })

  it('leaves an address elsewhere as it is', async () => {
    expect(await resolveCoverImage({ src: 'https://images.example.com/photo.jpg' })).toBeUndefined()
  })

  it('copies into the site the variants its pages name, once', async () => {
    const image = (await resolveCoverImage(field))!
    const html = `<picture>${image.sources.map((source) => `<source srcset="${source.srcSet}">`).join('')}<img src="${image.img.src}" srcset="${image.img.srcSet}"></picture>`
    const names = variantsNamedIn(html)
    expect(names).toHaveLength(image.sources.concat(image.img).flatMap((source) => srcsetUrls(source.srcSet)).length)
    const site = join(directory, 'site')
    mkdirSync(site, { recursive: true })
    const copied = copyImageVariants(site, [html])
    expect(copied).toHaveLength(names.length)
    for (const path of copied) expect(existsSync(join(site, path))).toBe(true)
    expect(copyImageVariants(site, [html])).toEqual([])
  })
})

describe('a build of a hosted project', () => {
  it("addresses Sanity's CDN for uploads, with the crop as rect and auto=format, and renders nothing", async () => {
    vi.stubEnv('SANITY_PROJECT_ID', 'abc123')
    vi.stubEnv('SANITY_DATASET', 'production')
    const image = (await resolveCoverImage(field))!
    expect(image.sources).toEqual([{ media: NARROW_MEDIA, srcSet: expect.any(String), sizes: '100vw' }])
    for (const url of [...srcsetUrls(image.img.srcSet), ...srcsetUrls(image.sources[0]!.srcSet)]) {
      expect(url).toMatch(/^https:\/\/cdn\.sanity\.io\/images\/abc123\/production\/[0-9a-f]{40}-1000x600\.jpg\?rect=/)
      expect(url).toContain('auto=format')
    }
    expect(srcsetUrls(image.img.srcSet)[0]).toContain('rect=100,120,900,480&w=320')
  })
})

describe('images in the flow of a page (an article, a resource card)', () => {
  it("keeps the editor's crop for an image in the text: its own size, candidates up to the crop, AVIF and a WebP <img>", async () => {
    const image = (await resolveImage(field, IMAGE_LAYOUTS.articleImage))!
    expect([image.width, image.height]).toEqual([900, 480])
    expect(image.sources.map(({ media, type }) => [media, type])).toEqual([[undefined, 'image/avif']])
    expect(srcsetWidths(image.sources[0]!.srcSet)).toEqual([320, 480, 640, 768, 900])
    expect(srcsetWidths(image.img.srcSet)).toEqual([320, 480, 640, 768, 900])
    for (const source of [...image.sources, image.img]) expect(source.sizes).toBe(IMAGE_LAYOUTS.articleImage.sizes)
    const largest = await sharp(readFileSync(join(store, srcsetUrls(image.img.srcSet).at(-1)!.split('/').pop()!)))
    expect(await largest.metadata()).toMatchObject({ width: 900, height: 480, format: 'webp' })
  })

  it('cuts a card picture to 16:9 around the hotspot, and stops its candidates at the layout\u2019s widest', async () => {
    const image = (await resolveImage(field, IMAGE_LAYOUTS.resourceCard))!
    // The largest 16:9 frame in the 900x480 crop: 853x480, pushed against the crop's right edge by the hotspot.
    expect([image.width, image.height]).toEqual([853, 480])
    expect(srcsetWidths(image.img.srcSet)).toEqual([320, 480, 640, 768, 853])
    const url = imageUrl(
      imageHostFromEnv(),
      { asset: { _ref: field.asset!._id }, ...field.upload },
      { width: 853, height: 480 },
    )
    expect(new URL(url).searchParams.get('rect')).toBe('147,120,853,480')
    const file = readFileSync(join(store, srcsetUrls(image.img.srcSet).at(-1)!.split('/').pop()!))
    expect(await sharp(file).metadata()).toMatchObject({ width: 853, height: 480 })
    // The hotspot (x = 800) inside that frame: (800 - 147) / 853 across.
    expect(image.position.wide).toBe('76.6% 50%')
    const small = (await resolveImage(
      { src: '/greenville-downtown.jpg' },
      { ...IMAGE_LAYOUTS.resourceCard, maxWidth: 640 },
    ))!
    expect(srcsetWidths(small.img.srcSet)).toEqual([320, 480, 640])
  })
})

describe('the share image (og:image, twitter:image)', () => {
  it('is 1200x630 cut around the hotspot by the same URL function, one JPEG every crawler reads, written as a variant', async () => {
    const share = (await resolveShareImage({ src: '/greenville-downtown.jpg' }))!
    expect(share).toMatchObject({ width: 1200, height: 630, type: 'image/jpeg' })
    expect(share.url).toMatch(/^\/assets\/images\/greenville-downtown-1200w-[0-9a-f]{16}\.jpg$/)
    const file = readFileSync(join(store, share.url.split('/').pop()!))
    expect(await sharp(file).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' })
    // A PNG stays a PNG (text and flat colours), at its own 1200x630.
    const png = (await resolveShareImage({ src: '/og-default.png' }))!
    expect(png).toMatchObject({ width: 1200, height: 630, type: 'image/png' })
    expect(png.url).toMatch(/^\/assets\/images\/og-default-1200w-[0-9a-f]{16}\.png$/)
  })

  it('keeps the hotspot in its frame, and never enlarges a smaller crop: the largest 1.91:1 frame it holds', async () => {
    const share = (await resolveShareImage(field))!
    // The 900x480 crop holds a 900x473 frame; the hotspot (y = 360) puts its top at 360 - 236.5, inside 120 to 127.
    expect(share).toMatchObject({ width: 900, height: 473, type: 'image/jpeg' })
    const url = imageUrl(
      imageHostFromEnv(),
      { asset: { _ref: field.asset!._id }, ...field.upload },
      { width: 900, height: 473, format: 'jpg' },
    )
    expect(new URL(url).searchParams.get('rect')).toBe('100,124,900,473')
    expect(new URL(url).searchParams.get('fm')).toBe('jpg')
    const fromLake = Buffer.from(await (await fetch(url)).arrayBuffer())
    expect(readFileSync(join(store, share.url.split('/').pop()!)).equals(fromLake)).toBe(true)
  })

  it('is an address on the CDN for a hosted project, with the crop as rect and fm=jpg', async () => {
    vi.stubEnv('SANITY_PROJECT_ID', 'abc123')
    vi.stubEnv('SANITY_DATASET', 'production')
    const share = (await resolveShareImage(field))!
    expect(share.url).toMatch(/^https:\/\/cdn\.sanity\.io\/images\/abc123\/production\/[0-9a-f]{40}-1000x600\.jpg\?/)
    expect(new URL(share.url).searchParams.get('rect')).toBe('100,124,900,473')
    expect(new URL(share.url).searchParams.get('fm')).toBe('jpg')
    expect(new URL(share.url).searchParams.has('auto')).toBe(false)
  })

  it("takes the page's own share image, else an article's cover, else the site's default", async () => {
    const settings = { defaultShareImage: { _type: 'imageAsset', src: '/og-default.png', alt: 'Default' } }
    const resource = {
      _id: 'resource.a',
      seo: { image: null },
      coverImage: { _type: 'imageAsset', src: '/greenville-downtown.jpg', alt: 'Downtown' },
    }
    const chosen = (settings: object, resource: object | null) =>
      routeShareImage(settings as SiteSettings, null, resource as ResourceContent | null)
    expect(await chosen(settings, resource)).toMatchObject({ alt: 'Downtown', type: 'image/jpeg' })
    expect(await chosen(settings, { ...resource, coverImage: null })).toMatchObject({
      alt: 'Default',
      type: 'image/png',
    })
    const own = { ...resource, seo: { image: { _type: 'imageAsset', src: '/og-default.png', alt: 'Own' } } }
    expect(await chosen(settings, own)).toMatchObject({ alt: 'Own' })
  })

  it('names the document and field of an image that cannot be made, in the build', async () => {
    vi.stubEnv('CONTENT_VALIDATION', 'strict')
    const resource = { _id: 'resource.a', seo: { image: { _type: 'imageAsset', src: '/missing.jpg' } } }
    await expect(routeShareImage({} as SiteSettings, null, resource as unknown as ResourceContent)).rejects.toThrow(
      'Malformed content in resource "resource.a" at seo.image: The image /missing.jpg is not a file of the site',
    )
  })
})
