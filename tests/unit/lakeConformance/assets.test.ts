import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { solidPng } from '../support/png'
import { lakePerTest, rejectionOf } from './lake'

const lake = lakePerTest()

// https://www.sanity.io/docs/http-api-assets: POST /assets/images/:dataset answers {document}, a sanity.imageAsset
// whose id and path come from the SHA-1 of the bytes and the image's dimensions; the same bytes uploaded again
// give the same asset (https://www.sanity.io/docs/content-lake/manage-assets, "Upload an asset").
describe('image uploads', () => {
  it('stores the image and answers its asset document', async () => {
    const bytes = solidPng(4, 3)
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
    // A deliberate difference (docs/content-lake.md): the url is site-relative, where Sanity's is on its CDN
    // (https://cdn.sanity.io/images/<project>/<dataset>/<file>).
    expect(asset.url).toBe(`/images/conformance/production/${sha1}-4x3.png`)
    expect(await lake.editor.getDocument(asset._id)).toMatchObject({ _id: asset._id })
  })

  it('answers the same document for the same bytes', async () => {
    const first = await lake.editor.assets.upload('image', solidPng(2, 2), { filename: 'a.png' })
    const second = await lake.editor.assets.upload('image', solidPng(2, 2), { filename: 'b.png' })
    expect(second._id).toBe(first._id)
    expect(second._rev).toBe(first._rev)
  })

  it('refuses bytes that are not an image with 400, and an upload without a token with 401', async () => {
    const invalid = await rejectionOf(lake.editor.assets.upload('image', Buffer.from('not an image')))
    expect(invalid.statusCode).toBe(400)
    const anonymous = await rejectionOf(lake.anonymous.assets.upload('image', solidPng(1, 1)))
    expect(anonymous.statusCode).toBe(401)
  })

  it('refuses file uploads with 404 (not modelled: a deliberate difference, docs/content-lake.md)', async () => {
    const failure = await rejectionOf(lake.editor.assets.upload('file', Buffer.from('%PDF-1.4')))
    expect(failure.statusCode).toBe(404)
  })
})
