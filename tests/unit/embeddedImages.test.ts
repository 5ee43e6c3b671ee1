import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { copyEmbeddedImages, embeddedImage } from '../../apps/web/publish/embeddedImages'

const FILE = `${'a'.repeat(40)}-3x2.jpg`
let root: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'embedded-images-'))
  writeFileSync(join(root, 'seed.ndjson'), '')
  mkdirSync(join(root, 'assets', 'images', 'embedded', 'production'), { recursive: true })
  writeFileSync(join(root, 'assets', 'images', 'embedded', 'production', FILE), 'jpeg bytes')
  writeFileSync(join(root, 'assets', 'outside.jpg'), 'not an upload')
  vi.stubEnv('CONTENT_SEED_FILE', join(root, 'seed.ndjson'))
  vi.stubEnv('SANITY_PROJECT_ID', '')
})

describe("the embedded content's uploaded images", () => {
  it('are copied into the site at their URL path, once', () => {
    const site = join(root, 'dist')
    expect(copyEmbeddedImages(site)).toEqual([`images/embedded/production/${FILE}`])
    expect(readFileSync(join(site, 'images', 'embedded', 'production', FILE), 'utf8')).toBe('jpeg bytes')
    expect(copyEmbeddedImages(site)).toEqual([])
  })

  it('are found by the dev server under /images, with their type, and nothing else is', () => {
    expect(embeddedImage(`/embedded/production/${FILE}?w=2000`)).toEqual({
      file: join(root, 'assets', 'images', 'embedded', 'production', FILE),
      type: 'image/jpeg',
    })
    expect(embeddedImage('/../outside.jpg')).toBeUndefined()
    expect(embeddedImage('/%2E%2E/outside.jpg')).toBeUndefined()
    expect(embeddedImage(`/embedded/production/${'b'.repeat(40)}-3x2.jpg`)).toBeUndefined()
  })

  it('are none with a hosted Sanity project, whose images are on its CDN', () => {
    vi.stubEnv('SANITY_PROJECT_ID', 'abc123')
    expect(copyEmbeddedImages(join(root, 'dist'))).toEqual([])
    expect(embeddedImage(`/embedded/production/${FILE}`)).toBeUndefined()
  })
})
