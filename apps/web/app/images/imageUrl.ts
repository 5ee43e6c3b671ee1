import { createImageUrlBuilder, type FitMode, type SanityImageSource } from '@sanity/image-url'

/** Where image URLs point: Sanity's CDN for a hosted project, the local Content Lake without one. */
export interface ImageHost {
  projectId: string
  dataset: string
  baseUrl: string
}

export const SANITY_CDN = 'https://cdn.sanity.io'

export interface ImageSize {
  width?: number
  height?: number
  /** Device pixel ratio, 1 to 3: the CDN multiplies width and height by it. */
  dpr?: number
  /** 0 to 100; the CDN's default is 75. */
  quality?: number
  fit?: FitMode
  /** One format for every browser (`fm`), instead of the best one each accepts (`auto=format`). */
  format?: 'jpg' | 'png' | 'webp'
}

/**
 * The one image URL function of the site: Sanity's own URL builder, so the editor's crop and hotspot become
 * `rect` exactly as Sanity computes it, and the CDN's parameters (w, h, fit, q, dpr) with `auto=format`, so
 * a browser that takes AVIF or WebP gets it (or one `format` for readers that are not browsers, such as a
 * link preview's crawler). The same URL shape on cdn.sanity.io and on the local lake.
 */
export function imageUrl(host: ImageHost, image: SanityImageSource, size: ImageSize = {}): string {
  const base = createImageUrlBuilder(host).image(image)
  let builder = size.format ? base.format(size.format) : base.auto('format')
  if (size.width !== undefined) builder = builder.width(size.width)
  if (size.height !== undefined) builder = builder.height(size.height)
  if (size.fit !== undefined) builder = builder.fit(size.fit)
  if (size.quality !== undefined) builder = builder.quality(size.quality)
  if (size.dpr !== undefined) builder = builder.dpr(size.dpr)
  return builder.url()
}

/**
 * A `srcset` of the image at each width, the height following `aspectRatio` when given (so every candidate
 * is the same crop around the hotspot).
 */
export function imageSrcSet(
  host: ImageHost,
  image: SanityImageSource,
  widths: readonly number[],
  { aspectRatio, ...size }: Omit<ImageSize, 'width' | 'height' | 'dpr'> & { aspectRatio?: number } = {},
): string {
  return widths
    .map((width) => {
      const height = aspectRatio ? Math.round(width / aspectRatio) : undefined
      return `${imageUrl(host, image, { ...size, width, height })} ${width}w`
    })
    .join(', ')
}
