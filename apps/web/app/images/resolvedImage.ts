/**
 * An image as a component renders it: every address already made by the site's image URL function
 * (`imageUrl.ts`) at build time (`resolveImage.server.ts`), so components never build one. `sources` are
 * `<source>` elements in order (art direction by `media`, formats by `type`), `img` the fallback.
 */
export interface ResolvedImage {
  sources: ResolvedSource[]
  img: { src: string; srcSet: string; sizes: string }
  /** The crop's own size: the element's aspect ratio before any image arrives. */
  width: number
  height: number
  /** `object-position` for each art direction, from the hotspot (`center` without one). */
  position: { narrow: string; wide: string }
  /** Shown while the image loads: the asset's dominant colour and its low-quality preview (a data URL). */
  placeholder: { color?: string; lqip?: string }
}

/** A share image as the page's head names it (`og:image`): its address, and the size of what it answers. */
export interface ResolvedShareImage {
  /** A path of the site (a static build's variant) or an absolute URL (Sanity's CDN, another host). */
  url: string
  width?: number
  height?: number
  /** The MIME type a static build wrote. */
  type?: string
  alt?: string
}

export interface ResolvedSource {
  media?: string
  type?: string
  srcSet: string
  sizes: string
}

/** Below this viewport width a hero shows its narrow, portrait crop (below the theme's `sm` breakpoint). */
export const NARROW_MEDIA = '(max-width: 599px)'
/** The other viewports, for a preload that must not be fetched where the narrow crop is shown. */
export const WIDE_MEDIA = '(min-width: 600px)'

/** The resolved form of an image field, when the route's loader made one (not in the preview's live drafts). */
export function resolvedImageOf(value: object | null | undefined): ResolvedImage | undefined {
  return value && 'resolved' in value ? (value.resolved as ResolvedImage) : undefined
}
