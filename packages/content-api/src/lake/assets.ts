import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { imageSize } from 'image-size'
import type { SanityDocument } from '../dataset'
import { IMAGE_TYPES } from '../imageTypes'
import { AssetError } from './assetError'
import type { ContentLake } from './contentLake'
import { ImageVariantCache } from './imageCache'
import { imageMetadata } from './imageMetadata'
import { paramsKey, parseImageParams } from './imageParams'
import { negotiateFormat, RENDER_TYPES, renderImage } from './imageTransform'
import { randomId } from './mutations'
import { writeFileAtomically } from './persistence'

export const MAX_ASSET_BYTES = 50 * 1024 * 1024

const IMAGE_FILE = /^[a-f0-9]{40}-[1-9]\d*x[1-9]\d*\.([a-z0-9]+)$/

interface AssetTarget {
  lake: ContentLake
  projectId: string
  dataset: string
}

/**
 * Stores an uploaded image and its `sanity.imageAsset` document as Sanity's assets API does: the id and the
 * file name come from the SHA-1 of the bytes, so uploading the same bytes again gives the same document.
 */
export async function uploadImage(request: Request, url: URL, target: AssetTarget): Promise<SanityDocument> {
  if (Number(request.headers.get('content-length')) > MAX_ASSET_BYTES) throw tooLarge()
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (bytes.byteLength > MAX_ASSET_BYTES) throw tooLarge()

  const { extension, width, height } = imageInfo(bytes)
  const hash = createHash('sha1').update(bytes).digest('hex')
  const path = `images/${target.projectId}/${target.dataset}/${hash}-${width}x${height}.${extension}`
  const id = `image-${hash}-${width}x${height}-${extension}`
  const { lake } = target
  const storeFile = () => {
    const file = join(lake.files.assets, path)
    if (!existsSync(file)) writeFileAtomically(file, bytes)
  }
  const existing = lake.get(id)
  if (existing) {
    // A dataset copied without its assets folder gets the file back.
    storeFile()
    return existing
  }
  // Before the file is stored: bytes the image library cannot read leave nothing behind.
  const metadata = await imageMetadata(bytes).catch(() => {
    throw new AssetError(400, 'validationError', 'Invalid image, could not read metadata')
  })
  storeFile()
  const filename = url.searchParams.get('filename')
  const document: SanityDocument = {
    _id: id,
    _type: 'sanity.imageAsset',
    assetId: hash,
    sha1hash: hash,
    path,
    // Site-relative, where the site serves the assets folder (apps/web/vite/embeddedImages.ts) and the
    // Studio's dev server passes /images on to the lake; on Sanity it is the CDN's address of the same path.
    url: `/${path}`,
    ...(filename ? { originalFilename: filename } : {}),
    extension,
    mimeType: IMAGE_TYPES[extension],
    size: bytes.byteLength,
    uploadId: randomId(32),
    metadata: { ...metadata },
  }
  lake.transact([{ createIfNotExists: document }])
  return lake.get(id) as SanityDocument
}

function imageInfo(bytes: Uint8Array): { extension: string; width: number; height: number } {
  let size: ReturnType<typeof imageSize>
  try {
    size = imageSize(bytes)
  } catch {
    throw new AssetError(400, 'validationError', 'Invalid image, could not read metadata')
  }
  const extension = size.type ?? ''
  if (!IMAGE_TYPES[extension]) {
    const accepted = Object.keys(IMAGE_TYPES).join(', ')
    throw new AssetError(400, 'validationError', `Unsupported image format "${extension}" (accepted: ${accepted})`)
  }
  if (!(size.width > 0 && size.height > 0)) {
    throw new AssetError(400, 'validationError', 'Invalid image, it has no width or height')
  }
  // EXIF orientations 5 to 8 turn the image a quarter: its dimensions are those of the turned image, as shown.
  const turned = (size.orientation ?? 1) >= 5
  return { extension, width: turned ? size.height : size.width, height: turned ? size.width : size.height }
}

const tooLarge = () =>
  new AssetError(413, 'httpPayloadTooLarge', `The file is larger than ${MAX_ASSET_BYTES / 1024 / 1024} MB`)

export interface ServedImage {
  bytes: Buffer
  mimeType: string
  /** Whether the format followed the request's `Accept` header (`auto=format`), so caches must vary on it. */
  variesByAccept: boolean
  /** For a transformed image: whether it came from the variant cache. */
  cache?: 'HIT' | 'MISS'
  /** `dl`: the file name to download it as. */
  download?: string
}

const variantCaches = new Map<string, ImageVariantCache>()

/**
 * An uploaded image, as `GET /images/<projectId>/<dataset>/<file>?<params>` on Sanity's CDN serves it: the
 * original without parameters, otherwise transformed (see imageParams.ts) and kept in the variant cache
 * beside the lake's files. The file name must be an asset file name, so a path never leaves the assets folder.
 */
export async function serveImage(
  url: URL,
  accept: string | null,
  { lake, projectId, dataset }: AssetTarget,
): Promise<ServedImage> {
  const [, project, set, name = ''] = /^\/images\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(url.pathname) ?? []
  const extension = IMAGE_FILE.exec(name)?.[1] ?? ''
  const mimeType = IMAGE_TYPES[extension]
  if (project !== projectId || set !== dataset || !mimeType) throw notFound()
  const params = parseImageParams(url.searchParams)
  const file = join(lake.files.assets, 'images', projectId, dataset, name)
  const readOriginal = () => readFile(file).catch(() => Promise.reject(notFound()))
  const download = params.download === undefined ? undefined : params.download || name
  if (!transforms(url.searchParams)) return { bytes: await readOriginal(), mimeType, variesByAccept: false, download }
  // A cached variant is answered without reading the original, but only for an asset that exists.
  if (!existsSync(file)) throw notFound()

  const format = negotiateFormat(params, accept, extension)
  const directory = lake.files.imageCache
  const cache = variantCaches.get(directory) ?? new ImageVariantCache(directory)
  variantCaches.set(directory, cache)
  const key = `${name}?${paramsKey(params)}`
  const variant = await cache.get(key, format, async () => renderImage(await readOriginal(), params, format))
  return {
    bytes: variant.bytes,
    mimeType: RENDER_TYPES[format],
    variesByAccept: params.autoFormat,
    cache: variant.hit ? 'HIT' : 'MISS',
    download,
  }
}

/** Whether any parameter the CDN applies is present: others (a cache buster, say) leave the original. */
const transforms = (search: URLSearchParams) => TRANSFORM_PARAMS.some((name) => search.has(name))
const TRANSFORM_PARAMS = ['w', 'h', 'fit', 'crop', 'fp-x', 'fp-y', 'rect', 'fm', 'auto', 'q', 'dpr', 'bg']

const notFound = () => new AssetError(404, 'httpNotFound', 'Image not found')
