// @vitest-environment node
import { createHash } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { lakePerTest, rejectionOf } from './lake'

const lake = lakePerTest()

/** A valid RGBA PNG of the given size, every pixel the same colour. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const checksum = Buffer.alloc(4)
    checksum.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, checksum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0x80)])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// https://www.sanity.io/docs/http-api-assets: POST /assets/images/:dataset answers {document}, a sanity.imageAsset
// whose id and path come from the SHA-1 of the bytes and the image's dimensions; the same bytes uploaded again
// give the same asset (https://www.sanity.io/docs/content-lake/manage-assets, "Upload an asset").
describe('image uploads', () => {
  it('stores the image and answers its asset document', async () => {
    const bytes = png(4, 3)
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const asset = await lake.editor.assets.upload('image', bytes, { filename: 'photo.png' })
    expect(asset).toMatchObject({
      _id: `image-${sha1}-4x3-png`,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension: 'png',
      mimeType: 'image/png',
      originalFilename: 'photo.png',
      size: bytes.byteLength,
      path: `images/conformance/production/${sha1}-4x3.png`,
      metadata: { dimensions: { width: 4, height: 3, aspectRatio: 4 / 3 } },
    })
    // A deliberate difference (README): the url is site-relative, where Sanity's is on its CDN
    // (https://cdn.sanity.io/images/<project>/<dataset>/<file>).
    expect(asset.url).toBe(`/images/conformance/production/${sha1}-4x3.png`)
    expect(await lake.editor.getDocument(asset._id)).toMatchObject({ _id: asset._id })
  })

  it('answers the same document for the same bytes', async () => {
    const first = await lake.editor.assets.upload('image', png(2, 2), { filename: 'a.png' })
    const second = await lake.editor.assets.upload('image', png(2, 2), { filename: 'b.png' })
    expect(second._id).toBe(first._id)
    expect(second._rev).toBe(first._rev)
  })

  it('refuses bytes that are not an image with 400, and an upload without a token with 401', async () => {
    const invalid = await rejectionOf(lake.editor.assets.upload('image', Buffer.from('not an image')))
    expect(invalid.statusCode).toBe(400)
    const anonymous = await rejectionOf(lake.anonymous.assets.upload('image', png(1, 1)))
    expect(anonymous.statusCode).toBe(401)
  })

  it('refuses file uploads with 404 (not modelled: a deliberate difference, README)', async () => {
    const failure = await rejectionOf(lake.editor.assets.upload('file', Buffer.from('%PDF-1.4')))
    expect(failure.statusCode).toBe(404)
  })
})
