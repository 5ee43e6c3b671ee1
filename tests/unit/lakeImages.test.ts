import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ContentLakeServer, lakeFilesFor, startContentLake } from '@site/content-api/lake'
import { isBlurhashValid } from 'blurhash'
import { http, passthrough } from 'msw'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { server as msw } from './support/mswServer'

/*
 * The lake's image endpoint against the behaviour Sanity documents for its CDN
 * (https://www.sanity.io/docs/image-urls, "Image transformations"):
 * - w / h scale the image; "Small images get scaled up to the width or height you specify. To avoid this
 *   use &fit=max"; dpr multiplies the size (1 to 3); dl answers as a download;
 * - fit: clip (the default: within the box, aspect kept), crop (fills the box, cut to it), fill (clip, the
 *   rest filled with bg), fillmax (as fill, never scaled up), max (as clip, never scaled up), scale (exactly
 *   the box, aspect not kept), min (the box's aspect ratio, never larger than the original);
 * - crop (with fit=crop): top, bottom, left, right, center, focalpoint with fp-x / fp-y (0 to 1), entropy;
 * - rect=left,top,width,height cuts the original first; fm=jpg|pjpg|png|webp; q 0 to 100 (default 75);
 *   auto=format serves WebP (or AVIF) to a browser that accepts it;
 * and the metadata of https://www.sanity.io/docs/image-metadata (dimensions, hasAlpha, isOpaque, lqip,
 * blurHash, palette). Unknown or invalid values are answered 400, as the CDN does.
 */

const TOKEN = 'unit-test-local-editor-token-0123456789abcdef'
const RED = { r: 255, g: 0, b: 0 }
const GREEN = { r: 0, g: 255, b: 0 }
const BLUE = { r: 0, g: 0, b: 255 }
const MAGENTA = { r: 255, g: 0, b: 255 }
let directory: string
let server: ContentLakeServer
let stripesUrl: string

/** 400x300: red for x < 100, green for 100 <= x < 300, blue from 300. */
async function stripes(format: 'png' | 'jpg' = 'png'): Promise<Buffer> {
  const band = (width: number, background: typeof RED) =>
    sharp({ create: { width, height: 300, channels: 3, background } })
      .png()
      .toBuffer()
  const image = sharp({ create: { width: 400, height: 300, channels: 3, background: GREEN } }).composite([
    { input: await band(100, RED), left: 0, top: 0 },
    { input: await band(100, BLUE), left: 300, top: 0 },
  ])
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer()
}

async function upload(bytes: Uint8Array): Promise<{ url: string; metadata: Record<string, unknown> }> {
  const response = await fetch(`${server.apiHost}/v2026-05-04/assets/images/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  })
  expect(response.status).toBe(200)
  return (await response.json()).document
}

const get = (query: string, accept = '*/*', url = stripesUrl) =>
  fetch(`${server.apiHost}${url}?${query}`, { headers: { accept } })

async function image(query: string, accept?: string) {
  const response = await get(query, accept)
  expect(response.status, query).toBe(200)
  const bytes = Buffer.from(await response.arrayBuffer())
  const { width, height, format } = await sharp(bytes).metadata()
  return { response, bytes, width, height, format }
}

/** The colour nearest the pixel at (x, y), among the test's colours. */
async function colourAt(bytes: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const offset = (y * info.width + x) * info.channels
  const [r = 0, g = 0, b = 0] = data.subarray(offset, offset + 3)
  const named = { red: RED, green: GREEN, blue: BLUE, magenta: MAGENTA, white: { r: 255, g: 255, b: 255 } }
  const distance = (colour: typeof RED) => (colour.r - r) ** 2 + (colour.g - g) ** 2 + (colour.b - b) ** 2
  return Object.entries(named).sort(([, a], [, b]) => distance(a) - distance(b))[0]?.[0] ?? ''
}

const cachedFiles = () =>
  readdirSync(join(directory, '.lake', 'image-cache'), { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  )

// The shared msw server forgets its handlers after each test.
const letLakeThrough = () => msw.use(http.all(`${server.apiHost}/*`, () => passthrough()))

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'lake-images-'))
  const files = lakeFilesFor(join(directory, 'seed.ndjson'))
  writeFileSync(files.published, `${JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings', title: 'Test' })}\n`)
  server = await startContentLake({
    seedFile: files.published,
    projectId: 'embedded',
    dataset: 'production',
    token: TOKEN,
    allowedOrigins: ['http://localhost:3333'],
  })
  letLakeThrough()
  stripesUrl = (await upload(await stripes())).url
})
beforeEach(letLakeThrough)
afterAll(async () => {
  await server?.close()
  rmSync(directory, { recursive: true, force: true })
})

describe('sizes and fit modes', () => {
  it.each([
    ['w=200', 200, 150],
    ['h=150', 200, 150],
    ['w=200&h=200', 200, 150],
    ['w=800', 800, 600],
    ['w=800&fit=max', 400, 300],
    ['w=200&h=200&fit=max', 200, 150],
    ['w=200&h=100&fit=clip', 133, 100],
    ['w=200&h=100&fit=crop', 200, 100],
    ['w=100&h=300&fit=scale', 100, 300],
    ['w=200&h=200&fit=fill', 200, 200],
    ['w=800&h=800&fit=fillmax', 800, 800],
    ['w=200&h=200&fit=min', 200, 200],
    ['w=1000&h=1000&fit=min', 300, 300],
    ['w=1000&h=500&fit=min', 400, 200],
    ['w=100&dpr=2', 200, 150],
    ['w=100&h=100&fit=crop&dpr=3', 300, 300],
    ['w=100&dpr=1.5', 150, 113],
    // The Studio sends the browser's raw devicePixelRatio; held to the CDN's 1 to 3.
    ['w=100&dpr=4', 300, 225],
    ['w=100&dpr=0.9', 100, 75],
  ])('%s → %ix%i', async (query, width, height) => {
    const output = await image(query)
    expect([output.width, output.height]).toEqual([width, height])
    expect(output.response.headers.get('content-type')).toBe('image/png')
  })

  it('fill pads with bg around the fitted image; fillmax pads an image it does not scale up', async () => {
    const fill = await image('w=200&h=200&fit=fill&bg=ff00ff')
    expect(await colourAt(fill.bytes, 100, 2)).toBe('magenta') // 25 rows above the 200x150 image
    expect(await colourAt(fill.bytes, 100, 100)).toBe('green')
    expect(await colourAt(fill.bytes, 2, 100)).toBe('red')

    const fillmax = await image('w=600&h=600&fit=fillmax&bg=ff00ff')
    expect(await colourAt(fillmax.bytes, 300, 140)).toBe('magenta') // the 400x300 original starts at row 150
    expect(await colourAt(fillmax.bytes, 102, 300)).toBe('red')
    expect(await colourAt(fillmax.bytes, 497, 300)).toBe('blue')
  })
})

describe('crop, focal point and rect', () => {
  // A 100x100 crop of 400x300 reads a 300x300 window: centred it spans x 50-350, red at its left edge.
  it.each([
    ['crop=center', 'red', 'blue'],
    ['crop=left', 'red', 'green'],
    ['crop=right', 'green', 'blue'],
    ['crop=top,left', 'red', 'green'],
    ['crop=focalpoint&fp-x=0.9&fp-y=0.5', 'green', 'blue'],
    ['crop=focalpoint&fp-x=0&fp-y=0.5', 'red', 'green'],
    ['crop=focalpoint&fp-x=0.5&fp-y=0.5', 'red', 'blue'],
  ])('fit=crop&%s: left edge %s, right edge %s', async (crop, left, right) => {
    const output = await image(`w=100&h=100&fit=crop&${crop}`)
    expect([output.width, output.height]).toEqual([100, 100])
    expect(await colourAt(output.bytes, 1, 50)).toBe(left)
    expect(await colourAt(output.bytes, 98, 50)).toBe(right)
  })

  it('crop=entropy keeps the requested size', async () => {
    const output = await image('w=100&h=100&fit=crop&crop=entropy')
    expect([output.width, output.height]).toEqual([100, 100])
  })

  it('rect cuts the original before sizing, and is clipped to the image', async () => {
    const red = await image('rect=0,0,100,300')
    expect([red.width, red.height]).toEqual([100, 300])
    expect(await colourAt(red.bytes, 50, 150)).toBe('red')

    const scaled = await image('rect=300,0,100,300&w=50')
    expect([scaled.width, scaled.height]).toEqual([50, 150])
    expect(await colourAt(scaled.bytes, 25, 75)).toBe('blue')

    const clipped = await image('rect=350,200,500,500')
    expect([clipped.width, clipped.height]).toEqual([50, 100])
  })

  it('sizes an EXIF-rotated JPEG as it is shown', async () => {
    // Stored 400x300 with orientation 6 (turned a quarter): shown, and described, as 300x400.
    const turned = await sharp(await stripes('jpg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    const { url, metadata } = await upload(turned)
    expect(metadata.dimensions).toMatchObject({ width: 300, height: 400 })
    const response = await get('w=150', '*/*', url)
    const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([width, height]).toEqual([150, 200])
  })
})

describe('formats and quality', () => {
  it('auto=format follows the Accept header and says so with Vary: Accept', async () => {
    const avif = await image('w=200&auto=format', 'image/avif,image/webp,image/apng,*/*;q=0.8')
    expect(avif.response.headers.get('content-type')).toBe('image/avif')
    expect(avif.format).toBe('heif')
    expect(avif.response.headers.get('vary')).toContain('Accept')

    const webp = await image('w=200&auto=format', 'image/webp,*/*')
    expect(webp.response.headers.get('content-type')).toBe('image/webp')
    expect(webp.format).toBe('webp')
    expect(webp.response.headers.get('vary')).toContain('Accept')

    const fallback = await image('w=200&auto=format', '*/*')
    expect(fallback.response.headers.get('content-type')).toBe('image/png')
    expect(fallback.format).toBe('png')
    expect(fallback.response.headers.get('vary')).toContain('Accept')

    const withoutAuto = await image('w=200', 'image/avif,image/webp,*/*')
    expect(withoutAuto.format).toBe('png')
    expect(withoutAuto.response.headers.get('vary') ?? '').not.toContain('Accept')
  })

  it.each([
    ['fm=jpg', 'image/jpeg', 'jpeg'],
    ['fm=pjpg', 'image/jpeg', 'jpeg'],
    ['fm=png', 'image/png', 'png'],
    ['fm=webp', 'image/webp', 'webp'],
  ])('%s is served as %s', async (query, type, format) => {
    const output = await image(`w=100&${query}`)
    expect(output.response.headers.get('content-type')).toBe(type)
    expect(output.format).toBe(format)
  })

  it('pjpg is progressive, jpg is not', async () => {
    expect((await sharp((await image('w=100&fm=pjpg')).bytes).metadata()).isProgressive).toBe(true)
    expect((await sharp((await image('w=100&fm=jpg')).bytes).metadata()).isProgressive).toBe(false)
  })

  it('q trades bytes for quality', async () => {
    const photo = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 3,
        background: BLUE,
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer()
    const { url } = await upload(photo)
    const bytesAt = async (q: number) => (await (await get(`w=300&fm=jpg&q=${q}`, '*/*', url)).arrayBuffer()).byteLength
    const [low, high] = [await bytesAt(10), await bytesAt(90)]
    expect(low).toBeLessThan(high / 2)
  })
})

describe('limits and refused values', () => {
  it.each([
    'w=0',
    'w=-1',
    'w=1.5',
    'w=abc',
    'w=8193',
    'w=5000&dpr=2',
    'h=8000',
    'dpr=0',
    'dpr=two',
    'q=101',
    'q=-1',
    'fit=cover',
    'crop=middle',
    'fp-x=1.5',
    'fm=tiff',
    'auto=compress',
    'rect=0,0,0,10',
    'rect=0,0,10',
    'rect=500,0,10,10',
    'bg=purple',
    'blur=10',
    'flip=h',
  ])('%s → 400', async (query) => {
    const response = await get(query)
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body).toMatchObject({ statusCode: 400, error: { type: 'httpBadRequest', description: expect.any(String) } })
  })

  it('answers 404 for a transform of an image that does not exist', async () => {
    const response = await get('w=10', '*/*', `/images/embedded/production/${'0'.repeat(40)}-400x300.png`)
    expect(response.status).toBe(404)
    expect((await response.json()).error.type).toBe('httpNotFound')
  })

  it('keeps the largest output at 8192 pixels a side', async () => {
    const output = await image('w=8192&h=10&fit=crop&fm=jpg&q=1')
    expect([output.width, output.height]).toEqual([8192, 10])
  })
})

describe('the variant cache', () => {
  it('renders a variant once, then serves the same bytes from disk, one file per variant and format', async () => {
    const before = cachedFiles().length
    const first = await image('w=123&h=77&fit=crop', 'image/webp')
    expect(first.response.headers.get('x-cache')).toBe('MISS')
    const second = await image('w=123&h=77&fit=crop', 'image/webp')
    expect(second.response.headers.get('x-cache')).toBe('HIT')
    expect(second.bytes).toEqual(first.bytes)
    // The default quality is 75: asking for it names the same variant.
    expect((await image('w=123&h=77&fit=crop&q=75', 'image/webp')).response.headers.get('x-cache')).toBe('HIT')
    expect(cachedFiles().length).toBe(before + 1)

    // auto=format to a browser without WebP renders the same PNG: the same variant. With WebP, another one.
    const png = await image('w=123&h=77&fit=crop&auto=format', '*/*')
    expect(png.response.headers.get('x-cache')).toBe('HIT')
    const webp = await image('w=123&h=77&fit=crop&auto=format', 'image/webp')
    expect(webp.response.headers.get('x-cache')).toBe('MISS')
    expect(webp.format).toBe('webp')
    expect(cachedFiles().length).toBe(before + 2)
  })

  it('answers dl as a download, under the given name or the asset file name, as the Studio asks for it', async () => {
    const named = await get('dl=my%20stripes.png')
    expect(named.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''my%20stripes.png")
    expect(Buffer.from(await named.arrayBuffer())).toEqual(await stripes())
    const unnamed = await get('dl=&w=10')
    const file = stripesUrl.split('/').pop() ?? ''
    expect(unnamed.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${file}`)
    expect((await sharp(Buffer.from(await unnamed.arrayBuffer())).metadata()).width).toBe(10)
    expect((await get('w=10')).headers.get('content-disposition')).toBeNull()
  })

  it('serves the original, uncached, when no transform parameter is given', async () => {
    const response = await get('v=2')
    expect(response.headers.get('x-cache')).toBeNull()
    expect(Buffer.from(await response.arrayBuffer())).toEqual(await stripes())
  })
})

describe('upload metadata', () => {
  it('computes dimensions, hasAlpha, isOpaque, lqip, blurHash and palette as the hosted lake does', async () => {
    const { metadata } = await upload(await stripes('jpg'))
    expect(metadata).toMatchObject({
      _type: 'sanity.imageMetadata',
      dimensions: { _type: 'sanity.imageDimensions', width: 400, height: 300, aspectRatio: 400 / 300 },
      hasAlpha: false,
      isOpaque: true,
    })
    const lqip = String(metadata.lqip)
    expect(lqip).toMatch(/^data:image\/jpeg;base64,/)
    const preview = await sharp(Buffer.from(lqip.split(',')[1] ?? '', 'base64')).metadata()
    expect([preview.format, preview.width, preview.height]).toEqual(['jpeg', 20, 15])

    expect(isBlurhashValid(String(metadata.blurHash))).toEqual({ result: true })

    const palette = metadata.palette as Record<string, { background: string; population: number }>
    expect(palette._type).toBe('sanity.imagePalette')
    // Half the picture is green, a quarter red, a quarter blue.
    expect(palette.dominant).toMatchObject({
      _type: 'sanity.imagePaletteSwatch',
      background: expect.stringMatching(/^#[0-9a-f]{6}$/),
      foreground: expect.stringMatching(/^#(fff|000)$/),
      title: expect.stringMatching(/^#(fff|000)$/),
    })
    const { r, g, b } = hex(palette.dominant?.background ?? '')
    expect(g).toBeGreaterThan(200)
    expect(r + b).toBeLessThan(100)
    expect(palette.dominant?.population).toBeGreaterThan(40)
    expect(palette.vibrant?.background).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('tells a transparent PNG from an opaque one with an alpha channel', async () => {
    const rgba = (alpha: number) =>
      sharp({ create: { width: 8, height: 8, channels: 4, background: { ...RED, alpha } } })
    const transparent = await upload(await rgba(0.5).png().toBuffer())
    expect(transparent.metadata).toMatchObject({ hasAlpha: true, isOpaque: false })
    const opaque = await upload(await rgba(1).png().toBuffer())
    expect(opaque.metadata).toMatchObject({ hasAlpha: true, isOpaque: true })
  })
})

function hex(colour: string) {
  const value = Number.parseInt(colour.slice(1), 16)
  return { r: value >> 16, g: (value >> 8) & 0xff, b: value & 0xff }
}
