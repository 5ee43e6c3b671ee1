import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, extname, join } from 'node:path'
import type { SanityImageSource } from '@sanity/image-url'
import { assetsDirFor, findRepoRoot, seedFilePath } from '@site/content-api'
import { imageMetadata, parseImageParams, type RenderFormat, renderImage } from '@site/content-api/images'
import { readContentSourceConfig } from '../content/config.server'
import { imageHostFromEnv } from './imageHost.server'
import { imageUrl } from './imageUrl'
import { NARROW_MEDIA, type ResolvedImage, type ResolvedShareImage, type ResolvedSource } from './resolvedImage'
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
  /** The asset's id (`image-<sha1>-<w>x<h>-<ext>`). */
  ref: string
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
  const crop = cropSize(source)
  const wide = ladder(crop.width)
  const narrow = ladder(Math.min(framed(crop, NARROW_ASPECT).width, NARROW_MAX_WIDTH))
  const phone = await candidates(source, narrow, NARROW_ASPECT, sizes, NARROW_MEDIA)
  const rest = await candidates(source, wide, undefined, sizes)
  return {
    sources: [...phone.sources, ...rest.sources],
    img: rest.img,
    ...crop,
    position: { narrow: focus(source, NARROW_ASPECT), wide: focus(source) },
    placeholder: source.placeholder,
  }
}

/** Where an image sits in its layout: what its `srcset` and `sizes` must cover. */
export interface ImageLayout {
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string
  /**
   * Width ÷ height of the frame the image is cut to, around the editor's hotspot, as Sanity's CDN cuts a
   * width-and-height request (a card's 16:9); without it, the editor's crop as it is.
   */
  aspectRatio?: number
  /** The widest candidate worth making: about twice the widest the layout draws it (a width of the ladder). */
  maxWidth?: number
}

/**
 * Resolves an image field for an image in the flow of a page (an article's cover or an image in its text, a
 * resource card's picture): one art direction, `srcset` from the width ladder capped at the frame and at
 * `maxWidth`, `width`/`height` of the frame. The same addresses and static variants as `resolveCoverImage`.
 */
export async function resolveImage(
  value: ImageFieldValue | null | undefined,
  layout: ImageLayout,
): Promise<ResolvedImage | undefined> {
  if (!value) return undefined
  const source = await sourceOf(value)
  if (!source) return undefined
  const { aspectRatio } = layout
  const frame = aspectRatio ? framed(cropSize(source), aspectRatio) : cropSize(source)
  const widths = ladder(Math.min(frame.width, layout.maxWidth ?? frame.width))
  const { sources, img } = await candidates(source, widths, aspectRatio, layout.sizes)
  const position = focus(source, aspectRatio)
  return { sources, img, ...frame, position: { narrow: position, wide: position }, placeholder: source.placeholder }
}

/** The size link previews ask for (Open Graph, X's large summary card): 1.91:1. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const

/**
 * Resolves a share image (`og:image`, `twitter:image`): 1200×630 cut around the editor's hotspot by the same
 * URL function, in one format every crawler reads (PNG for a PNG original, whose text and flat colours JPEG
 * would smear; JPEG otherwise), and never enlarged: a smaller crop gives the largest 1.91:1 frame it holds.
 * A static build writes that variant beside the others; a hosted project's is an address on Sanity's CDN.
 */
export async function resolveShareImage(
  value: ImageFieldValue | null | undefined,
): Promise<ResolvedShareImage | undefined> {
  if (!value) return undefined
  const source = await sourceOf(value)
  if (!source) return value.src?.startsWith('https://') ? { url: value.src } : undefined
  const aspect = SHARE_IMAGE_SIZE.width / SHARE_IMAGE_SIZE.height
  const width = Math.min(SHARE_IMAGE_SIZE.width, framed(cropSize(source), aspect).width)
  const height = Math.round(width / aspect)
  const format = source.ref.endsWith('-png') ? 'png' : 'jpg'
  const url = imageUrl(imageHostFromEnv(), source.image, { width, height, format })
  const type = format === 'png' ? 'image/png' : 'image/jpeg'
  if (!source.file) return { url, width, height }
  return { url: await staticVariant(source, url, format), width, height, type }
}

/**
 * The `srcset` candidates of one art direction at these widths (the height following `aspect`, so every
 * candidate is the same frame around the hotspot): the CDN's addresses for a hosted upload, or a static
 * build's variants, AVIF as a `<source>` and WebP as the `<img>` (or a second `<source>` for a `media`).
 */
async function candidates(
  source: Source,
  widths: number[],
  aspect: number | undefined,
  sizes: string,
  media?: string,
): Promise<{ sources: ResolvedSource[]; img: ResolvedImage['img'] }> {
  const host = imageHostFromEnv()
  const at = (width: number) => ({ width, ...(aspect ? { height: Math.round(width / aspect) } : {}) })
  const sources: ResolvedSource[] = []
  if (!source.file) {
    const srcSet = widths.map((width) => `${imageUrl(host, source.image, at(width))} ${width}w`).join(', ')
    if (media) sources.push({ media, srcSet, sizes })
    return { sources, img: { src: imageUrl(host, source.image, at(fallbackWidth(widths))), srcSet, sizes } }
  }
  let img: ResolvedImage['img'] | undefined
  for (const [index, { format, type }] of STATIC_FORMATS.entries()) {
    const urls = await Promise.all(
      widths.map(async (width) => ({
        width,
        url: await staticVariant(source, imageUrl(host, source.image, at(width)), format),
      })),
    )
    const srcSet = urls.map(({ url, width }) => `${url} ${width}w`).join(', ')
    if (!media && index === STATIC_FORMATS.length - 1) {
      const fallback = urls.find(({ width }) => width === fallbackWidth(widths)) ?? urls[urls.length - 1]!
      img = { src: fallback.url, srcSet, sizes }
    } else sources.push({ ...(media ? { media } : {}), type, srcSet, sizes })
  }
  // With a `media`, both formats are `<source>`s; the `<img>` is another direction's.
  return { sources, img: img ?? { src: '', srcSet: '', sizes } }
}

/** The largest frame of this aspect ratio inside the crop (what `@sanity/image-url` cuts around the hotspot). */
function framed(crop: { width: number; height: number }, aspect: number): { width: number; height: number } {
  const width = Math.min(crop.width, Math.round(crop.height * aspect))
  return { width, height: Math.min(crop.height, Math.round(width / aspect)) }
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
      ref: asset._id,
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
      const ref = `image-${sha1}-${width}x${height}-${extension}`
      return {
        image: { asset: { _ref: ref } },
        ref,
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

const originalDigests = new Map<string, string>()

/**
 * The SHA-256 of an original's bytes, read once per file and version (its size and time): a rebuild names
 * every variant from it without reading a camera photo again for each of its thirty-odd variants.
 */
function originalDigest(file: string): string {
  const { size, mtimeMs } = statSync(file)
  const key = `${file}\n${size}\n${mtimeMs}`
  let digest = originalDigests.get(key)
  if (!digest) {
    digest = createHash('sha256').update(readFileSync(file)).digest('hex')
    originalDigests.set(key, digest)
  }
  return digest
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
  const hash = createHash('sha256')
    .update(`${RENDER_VERSION}\n${format}\n${search.toString()}\n${originalDigest(file)}`)
    .digest('hex')
    .slice(0, 16)
  const stem = basename(file)
    .replace(/\.[^.]+$/, '')
    .replace(/[^a-zA-Z0-9-]+/g, '-')
    .slice(0, 40)
  const name = `${stem}-${params.width ?? 'full'}w-${hash}.${format}`
  const stored = join(imageVariantStore(), name)
  if (!existsSync(stored)) {
    const rendered = await renderImage(readFileSync(file), params, format)
    mkdirSync(dirname(stored), { recursive: true })
    const temporary = `${stored}.${process.pid}.tmp`
    writeFileSync(temporary, rendered)
    renameSync(temporary, stored)
  }
  return `${STATIC_IMAGE_PREFIX}${name}`
}
