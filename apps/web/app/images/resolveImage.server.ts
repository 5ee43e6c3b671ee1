import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, extname, join } from 'node:path'
import type { SanityImageSource } from '@sanity/image-url'
import { assetsDirFor, findRepoRoot, seedFilePath } from '@site/content-api'
import { imageMetadata, parseImageParams, type RenderFormat, renderImage } from '@site/content-api/images'
import { readContentSourceConfig } from '../content/config.server'
import { imageHostFromEnv } from './imageHost.server'
import { imageUrl } from './imageUrl'
import { NARROW_MEDIA, type ResolvedImage, type ResolvedSource } from './resolvedImage'
import { imageVariantStore, STATIC_IMAGE_PREFIX } from './variantStore.server'

/** An image field as the route query returns it: an upload (with its asset's metadata) or a path. */
export interface ImageFieldValue {
  src?: string | null
  upload?: {
    asset?: { _ref: string } | null
    crop?: { top: number; bottom: number; left: number; right: number } | null
    hotspot?: { x: number; y: number; width: number; height: number } | null
  } | null
  asset?: {
    _id: string
    url: string | null
    metadata: {
      dimensions: { width: number; height: number } | null
      lqip: string | null
      palette: { dominant: { background: string | null } | null } | null
    } | null
  } | null
}

/**
 * The width ladder every image's `srcset` takes its candidates from (a phone at 1x to a wide screen at 2x),
 * capped at the crop's own width, which is the last candidate when the ladder stops short of it.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 768, 1024, 1280, 1600, 1920, 2560] as const
/** The narrow (phone) art direction is a portrait crop around the hotspot: a phone's hero is taller than wide. */
const NARROW_ASPECT = 3 / 4
const NARROW_MAX_WIDTH = 1280
/** The formats a static build writes, best first; the last is the `<img>`'s own (every current browser). */
const STATIC_FORMATS = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
] as const satisfies ReadonlyArray<{ format: RenderFormat; type: string }>
/** Bumped when the encoders' settings change, so that a new rendering gets a new name. */
const RENDER_VERSION = 1

interface Source {
  image: SanityImageSource
  width: number
  height: number
  /** The original's bytes, when the build renders the variants itself. */
  file?: string
  hotspot?: { x: number; y: number }
  crop?: { top: number; bottom: number; left: number; right: number }
  placeholder: ResolvedImage['placeholder']
}

/**
 * Resolves an image field for a full-bleed cover image (the hero's background): every address comes from
 * `imageUrl` with a hosted project's uploads (Sanity's CDN, `auto=format`); otherwise the build renders
 * each variant its HTML names with the lake's own transform code and writes it under a content-hashed name
 * (`/assets/images/...`), as a static host ignores query strings. Undefined for an address that cannot be
 * transformed (an https:// URL elsewhere): the component then shows it as it is.
 */
export async function resolveCoverImage(
  value: ImageFieldValue | null | undefined,
  sizes = '100vw',
): Promise<ResolvedImage | undefined> {
  if (!value) return undefined
  const source = await sourceOf(value)
  if (!source) return undefined
  const host = imageHostFromEnv()
  const hosted = !source.file
  const wide = ladder(cropSize(source).width)
  const narrowCrop = { width: Math.min(cropSize(source).width, Math.round(cropSize(source).height * NARROW_ASPECT)) }
  const narrow = ladder(Math.min(narrowCrop.width, NARROW_MAX_WIDTH))
  const at = (width: number, aspect?: number) => ({
    width,
    ...(aspect ? { height: Math.round(width / aspect) } : {}),
  })
  const directions = [
    { media: NARROW_MEDIA, widths: narrow, aspect: NARROW_ASPECT },
    { media: undefined, widths: wide, aspect: undefined },
  ]
  const sources: ResolvedSource[] = []
  let img: ResolvedImage['img'] | undefined
  for (const { media, widths, aspect } of directions) {
    if (hosted) {
      const srcSet = widths.map((width) => `${imageUrl(host, source.image, at(width, aspect))} ${width}w`).join(', ')
      if (media) sources.push({ media, srcSet, sizes })
      else img = { src: imageUrl(host, source.image, at(fallbackWidth(widths), aspect)), srcSet, sizes }
      continue
    }
    for (const [index, { format, type }] of STATIC_FORMATS.entries()) {
      const urls = await Promise.all(
        widths.map(async (width) => ({
          width,
          url: await staticVariant(source, imageUrl(host, source.image, at(width, aspect)), format),
        })),
      )
      const srcSet = urls.map(({ url, width }) => `${url} ${width}w`).join(', ')
      const isImg = !media && index === STATIC_FORMATS.length - 1
      if (isImg) {
        const fallback = urls.find(({ width }) => width === fallbackWidth(widths)) ?? urls[urls.length - 1]!
        img = { src: fallback.url, srcSet, sizes }
      } else sources.push({ ...(media ? { media } : {}), type, srcSet, sizes })
    }
  }
  const { width, height } = cropSize(source)
  return {
    sources,
    img: img!,
    width,
    height,
    position: { narrow: focus(source, NARROW_ASPECT), wide: focus(source) },
    placeholder: source.placeholder,
  }
}

function ladder(max: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((width) => width < max)
  return [...widths, max]
}

/** The `src` for a browser without `srcset`: about a laptop's width. */
const fallbackWidth = (widths: number[]) => widths.filter((width) => width <= 1280).at(-1) ?? widths[0]!

function cropSize({ width, height, crop }: Source): { width: number; height: number } {
  if (!crop) return { width, height }
  return {
    width: Math.round(width * (1 - crop.left - crop.right)),
    height: Math.round(height * (1 - crop.top - crop.bottom)),
  }
}

/**
 * Where the hotspot is inside the rendered crop, as `object-position`: a cover image cut to another aspect
 * ratio by CSS keeps that point in view. `@sanity/image-url` centres a width-and-height crop on the hotspot
 * (the narrow direction), clamped to the image: the same clamping is applied here.
 */
function focus(source: Source, aspect?: number): string {
  if (!source.hotspot) return 'center'
  const crop = source.crop ?? { top: 0, bottom: 0, left: 0, right: 0 }
  const region = {
    left: crop.left * source.width,
    top: crop.top * source.height,
    ...cropSize(source),
  }
  let window = { left: region.left, top: region.top, width: region.width, height: region.height }
  if (aspect) {
    const width = Math.min(region.width, region.height * aspect)
    const height = Math.min(region.height, width / aspect)
    const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)
    window = {
      left: clamp(source.hotspot.x * source.width - width / 2, region.left, region.left + region.width - width),
      top: clamp(source.hotspot.y * source.height - height / 2, region.top, region.top + region.height - height),
      width,
      height,
    }
  }
  const percent = (value: number) => `${Math.round(Math.min(Math.max(value, 0), 1) * 1000) / 10}%`
  return `${percent((source.hotspot.x * source.width - window.left) / window.width)} ${percent(
    (source.hotspot.y * source.height - window.top) / window.height,
  )}`
}

async function sourceOf(value: ImageFieldValue): Promise<Source | undefined> {
  const asset = value.asset
  const dimensions = asset?.metadata?.dimensions
  if (value.upload?.asset && asset && dimensions) {
    const image = { asset: { _ref: asset._id }, crop: value.upload.crop, hotspot: value.upload.hotspot }
    const placeholder = {
      color: asset.metadata?.palette?.dominant?.background ?? undefined,
      lqip: asset.metadata?.lqip ?? undefined,
    }
    const hosted = Boolean(readContentSourceConfig(process.env).project)
    const file = hosted ? undefined : uploadedFile(asset.url)
    return {
      image: image as SanityImageSource,
      ...dimensions,
      file,
      hotspot: value.upload.hotspot ?? undefined,
      crop: value.upload.crop ?? undefined,
      placeholder,
    }
  }
  if (value.src?.startsWith('/')) return publicFile(value.src)
  return undefined
}

function uploadedFile(url: string | null): string | undefined {
  const path = url?.startsWith('/images/') ? url.slice('/images/'.length) : undefined
  if (!path) return undefined
  const file = join(assetsDirFor(seedFilePath()), 'images', path)
  if (!existsSync(file)) throw new Error(`The uploaded image ${url} is not in ${dirname(file)}`)
  return file
}

const publicFiles = new Map<string, Promise<Source>>()

/** A file of the site's own (`apps/web/public`), given as an image path: named as an asset, by its SHA-1. */
function publicFile(path: string): Promise<Source | undefined> {
  const file = join(findRepoRoot(), 'apps', 'web', 'public', decodeURIComponent(path.split(/[?#]/)[0]!))
  if (!existsSync(file)) throw new Error(`The image ${path} is not a file of the site (apps/web/public${path})`)
  const key = `${file}:${statSync(file).mtimeMs}`
  let source = publicFiles.get(key)
  if (!source) {
    source = (async () => {
      const bytes = readFileSync(file)
      const metadata = await imageMetadata(bytes)
      const { width, height } = metadata.dimensions
      const sha1 = createHash('sha1').update(bytes).digest('hex')
      const extension = extname(file).slice(1).replace('jpeg', 'jpg')
      return {
        image: { asset: { _ref: `image-${sha1}-${width}x${height}-${extension}` } },
        width,
        height,
        file,
        placeholder: { color: metadata.palette.dominant?.background, lqip: metadata.lqip },
      }
    })()
    publicFiles.set(key, source)
  }
  return source
}

/**
 * One variant for a static site: the parameters of `url` (made by `imageUrl`, as the lake would receive it)
 * rendered by the lake's transform code in `format`, named by a hash of the original's bytes, the parameters
 * and the format, so that the same image and size keep their address across builds and a changed one gets a
 * new address.
 */
async function staticVariant(source: Source, url: string, format: RenderFormat): Promise<string> {
  const file = source.file!
  const search = new URL(url).searchParams
  search.delete('auto')
  const params = parseImageParams(search)
  const bytes = readFileSync(file)
  const hash = createHash('sha256')
    .update(`${RENDER_VERSION}\n${format}\n${search.toString()}\n`)
    .update(bytes)
    .digest('hex')
    .slice(0, 16)
  const stem = basename(file)
    .replace(/\.[^.]+$/, '')
    .replace(/[^a-zA-Z0-9-]+/g, '-')
    .slice(0, 40)
  const name = `${stem}-${params.width ?? 'full'}w-${hash}.${format}`
  const stored = join(imageVariantStore(), name)
  if (!existsSync(stored)) {
    const rendered = await renderImage(bytes, params, format)
    mkdirSync(dirname(stored), { recursive: true })
    const temporary = `${stored}.${process.pid}.tmp`
    writeFileSync(temporary, rendered)
    renameSync(temporary, stored)
  }
  return `${STATIC_IMAGE_PREFIX}${name}`
}
