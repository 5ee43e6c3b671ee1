import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ContentLakeServer, lakeFilesFor, startContentLake } from '@site/content-api/lake'
import { http, passthrough } from 'msw'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { server as msw } from './support/mswServer'
import { solidPng } from './support/png'

const TOKEN = 'unit-test-local-editor-token-0123456789abcdef'
const STUDIO = 'http://localhost:3333'
const JPEG = readFileSync(new URL('../fixtures/photo-3x2.jpg', import.meta.url))
let directory: string
let files: ReturnType<typeof lakeFilesFor>
let server: ContentLakeServer

beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'lake-assets-'))
  files = lakeFilesFor(join(directory, 'seed.ndjson'))
  writeFileSync(files.published, `${JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings', title: 'Test' })}\n`)
  server = await startContentLake({
    seedFile: files.published,
    projectId: 'embedded',
    dataset: 'production',
    token: TOKEN,
    allowedOrigins: [STUDIO],
  })
  msw.use(http.all(`${server.apiHost}/*`, () => passthrough()))
})
afterEach(async () => {
  await server.close()
  rmSync(directory, { recursive: true, force: true })
})

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex')

interface UploadAnswer {
  document: { _id: string; path: string; url: string; [field: string]: unknown }
  error: { type: string; description: string }
}

/** As the Studio uploads: on the `<projectId>.localhost` host, which Node's resolver does not know, so by http. */
function upload(
  body: Uint8Array,
  { token = TOKEN as string | null, dataset = 'production', kind = 'images', type = 'image/png' } = {},
) {
  const path = `/v2026-05-04/assets/${kind}/${dataset}?tag=sanity.studio.asset.upload&filename=my+photo.png&meta=none`
  const headers: Record<string, string> = {
    host: `embedded.localhost:${server.port}`,
    origin: STUDIO,
    'content-type': type,
  }
  if (token) headers.authorization = `Bearer ${token}`
  return new Promise<{ status: number; contentType: string | undefined; json: UploadAnswer }>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: server.port, method: 'POST', path, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'],
          json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        }),
      )
    })
    request.on('error', reject)
    request.end(body)
  })
}

const query = (groq: string, params: Record<string, unknown>) => {
  const search = new URLSearchParams({ query: groq })
  for (const [name, value] of Object.entries(params)) search.set(`$${name}`, JSON.stringify(value))
  return fetch(`${server.apiHost}/v2026-05-04/data/query/production?${search}`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  }).then((response) => response.json())
}

const storedDocuments = () =>
  readFileSync(files.published, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))

const storedFiles = () =>
  existsSync(files.assets)
    ? readdirSync(files.assets, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    : []

describe('image upload', () => {
  it('stores a PNG and its asset document as Sanity does, and serves it back to a plain <img> request', async () => {
    const bytes = solidPng(4, 3)
    const hash = sha1(bytes)
    const response = await upload(bytes)
    expect(response.status).toBe(200)
    expect(response.contentType).toMatch(/^application\/json/)
    const path = `images/embedded/production/${hash}-4x3.png`
    const { document } = response.json
    expect(document).toEqual({
      _id: `image-${hash}-4x3-png`,
      _type: 'sanity.imageAsset',
      _rev: expect.any(String),
      _createdAt: expect.any(String),
      _updatedAt: expect.any(String),
      assetId: hash,
      sha1hash: hash,
      path,
      url: `/${path}`,
      originalFilename: 'my photo.png',
      extension: 'png',
      mimeType: 'image/png',
      size: bytes.length,
      uploadId: expect.any(String),
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: { _type: 'sanity.imageDimensions', width: 4, height: 3, aspectRatio: 4 / 3 },
        // The PNG has an alpha channel, every pixel half transparent (0x80).
        hasAlpha: true,
        isOpaque: false,
        lqip: expect.stringMatching(/^data:image\/jpeg;base64,/),
        blurHash: expect.any(String),
        palette: expect.objectContaining({ _type: 'sanity.imagePalette' }),
      },
    })
    expect(document._id).toMatch(/^image-([a-zA-Z0-9_]{24,40}|[a-f0-9]{40})+-\d+x\d+-[a-z0-9]+$/)
    expect(readFileSync(join(directory, 'assets', path))).toEqual(bytes)
    expect(storedDocuments().find(({ _id }) => _id === document._id)).toEqual(document)
    expect(server.lake.historyOf(document._id)).toHaveLength(1)

    const found = await query('*[_type == $documentType && sha1hash == $hash][0]', {
      documentType: 'sanity.imageAsset',
      hash,
    })
    expect(found.result._id).toBe(document._id)

    const again = await upload(bytes)
    expect(again.status).toBe(200)
    expect(again.json.document).toEqual(document)
    expect(storedFiles()).toHaveLength(1)

    const image = await fetch(`${server.apiHost}${document.url}?cache-buster=1`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('cache-control')).toContain('max-age')
    expect(Buffer.from(await image.arrayBuffer())).toEqual(bytes)
    const head = await fetch(`${server.apiHost}${document.url}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(bytes.length))
  })

  it('reads a JPEG as jpg, with its dimensions', async () => {
    const hash = sha1(JPEG)
    const response = await upload(JPEG, { type: 'image/jpeg' })
    expect(response.status).toBe(200)
    expect(response.json.document).toMatchObject({
      _id: `image-${hash}-3x2-jpg`,
      path: `images/embedded/production/${hash}-3x2.jpg`,
      extension: 'jpg',
      mimeType: 'image/jpeg',
      size: JPEG.length,
      metadata: { dimensions: { width: 3, height: 2, aspectRatio: 1.5 }, hasAlpha: false, isOpaque: true },
    })
    const image = await fetch(`${server.apiHost}${response.json.document.url}`)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await image.arrayBuffer())).toEqual(JPEG)

    // As the Studio's image input previews it (sanity 5.31: width(2000).fit('max').dpr(dpr).auto('format')),
    // from Chromium: never scaled up, in the format Chromium takes first.
    const preview = await fetch(`${server.apiHost}${response.json.document.url}?w=2000&fit=max&dpr=2&auto=format`, {
      headers: { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' },
    })
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/avif')
    const { width, height, format } = await sharp(Buffer.from(await preview.arrayBuffer())).metadata()
    expect([width, height, format]).toEqual([3, 2, 'heif'])
  })

  it('refuses an upload without the token, of bytes that are no image, too large or to another dataset, storing nothing', async () => {
    const before = readFileSync(files.published, 'utf8')
    const anonymous = await upload(solidPng(2, 2), { token: null })
    expect(anonymous.status).toBe(401)
    expect(anonymous.json.error.type).toBe('httpUnauthorized')

    const garbage = await upload(Buffer.from('definitely not an image'), { type: 'application/octet-stream' })
    expect(garbage.status).toBe(400)
    expect(garbage.json).toEqual({
      error: { description: 'Invalid image, could not read metadata', type: 'validationError' },
      statusCode: 400,
    })
    expect((await upload(Buffer.alloc(0))).status).toBe(400)
    const tooLarge = await upload(Buffer.alloc(50 * 1024 * 1024 + 1))
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.json.error.type).toBe('httpPayloadTooLarge')

    expect((await upload(solidPng(2, 2), { dataset: 'staging' })).status).toBe(404)
    expect((await upload(solidPng(2, 2), { kind: 'files' })).status).toBe(404)

    expect(readFileSync(files.published, 'utf8')).toBe(before)
    expect(storedFiles()).toEqual([])
  })
})

describe('image serving', () => {
  it('answers 404 for unknown images, other projects and paths out of the assets folder', async () => {
    const { json } = await upload(solidPng(1, 1))
    const name = json.document.path.split('/').pop() ?? ''
    writeFileSync(join(directory, 'secret.png'), 'not for the web')
    for (const path of [
      '/images/embedded/production/..%2F..%2Fseed.ndjson',
      '/images/embedded/production/..%2F..%2F..%2Fsecret.png',
      '/images/embedded/production/%2E%2E%2F%2E%2E%2F%2E%2E%2Fsecret.png',
      `/images/other/production/${name}`,
      `/images/embedded/staging/${name}`,
      `/images/embedded/production/${'0'.repeat(40)}-1x1.png`,
      `/images/embedded/production/${name.replace('.png', '.txt')}`,
    ]) {
      const response = await fetch(`${server.apiHost}${path}`)
      expect(response.status, path).toBe(404)
      expect(await response.json(), path).toEqual({
        error: { description: 'Image not found', type: 'httpNotFound' },
        statusCode: 404,
      })
    }
    const foreign = await fetch(`${server.apiHost}/images/embedded/production/${name}`, {
      headers: { origin: 'http://evil.example' },
    })
    expect(foreign.status).toBe(403)
  })
})
