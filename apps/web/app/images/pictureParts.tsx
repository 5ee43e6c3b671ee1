import type { CSSProperties } from 'react'
import type { ResolvedImage } from './resolvedImage'

/** The `<source>`s of a resolved image's `<picture>`: one per art direction and format, best first. */
export function PictureSources({ image }: { image: ResolvedImage }) {
  return image.sources.map((source) => (
    <source
      key={`${source.media ?? ''} ${source.type ?? ''}`}
      media={source.media}
      type={source.type}
      srcSet={source.srcSet}
      sizes={source.sizes}
    />
  ))
}

/**
 * The `<img>`'s own attributes: its candidates, the frame's `width`/`height` (so its box is reserved before any
 * byte arrives), and how it loads: eager at high priority when it is the page's largest image, lazy otherwise.
 */
export function imgAttributes(image: ResolvedImage, alt: string, priority: boolean) {
  return {
    src: image.img.src,
    srcSet: image.img.srcSet,
    sizes: image.img.sizes,
    width: image.width,
    height: image.height,
    alt,
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
    decoding: priority ? undefined : 'async',
  } as const
}

/** The asset's dominant colour and lqip, shown under the image until it has loaded (no JavaScript). */
export function placeholderStyle({ placeholder }: ResolvedImage): CSSProperties {
  return {
    backgroundColor: placeholder.color,
    backgroundImage: placeholder.lqip ? `url(${JSON.stringify(placeholder.lqip)})` : undefined,
  }
}
