import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomically } from './persistence'

export interface CachedVariant {
  bytes: Buffer
  /** Whether the bytes came from the disk rather than a render. */
  hit: boolean
}

/**
 * Transformed images on disk, one file per asset, parameters and format, as the CDN keeps them at its edge:
 * an asset's bytes never change (its name holds their SHA-1), so neither does a variant. Two requests for
 * the same variant while it renders share the render.
 */
export class ImageVariantCache {
  private readonly rendering = new Map<string, Promise<Buffer>>()

  constructor(readonly directory: string) {}

  fileFor(key: string, extension: string): string {
    return join(this.directory, `${createHash('sha1').update(key).digest('hex')}.${extension}`)
  }

  async get(key: string, extension: string, render: () => Promise<Buffer>): Promise<CachedVariant> {
    const file = this.fileFor(key, extension)
    const stored = await readFile(file).catch(() => undefined)
    if (stored) return { bytes: stored, hit: true }
    let pending = this.rendering.get(file)
    if (!pending) {
      pending = render()
        .then((bytes) => {
          writeFileAtomically(file, bytes)
          return bytes
        })
        .finally(() => this.rendering.delete(file))
      this.rendering.set(file, pending)
    }
    return { bytes: await pending, hit: false }
  }
}
