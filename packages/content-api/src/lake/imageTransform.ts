import sharp from 'sharp'
import { planTransform } from './imageGeometry'
import type { ImageParams } from './imageParams'

/** What the lake can send back: the CDN's `fm` values, AVIF for `auto=format`, and an original's own format. */
export type RenderFormat = 'jpg' | 'pjpg' | 'png' | 'webp' | 'avif' | 'gif'

export const RENDER_TYPES: Readonly<Record<RenderFormat, string>> = {
  jpg: 'image/jpeg',
  pjpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
}

/**
 * The format of a transformed image, as the CDN picks it: with `auto=format`, AVIF or WebP when the browser's
 * `Accept` names them, otherwise `fm`, otherwise the original's format (an SVG is rendered as PNG).
 */
export function negotiateFormat(params: ImageParams, accept: string | null, original: string): RenderFormat {
  if (params.autoFormat) {
    const accepted = (accept ?? '').split(',').map((part) => part.split(';')[0]?.trim())
    if (accepted.includes('image/avif')) return 'avif'
    if (accepted.includes('image/webp')) return 'webp'
  }
  if (params.format) return params.format
  if (original === 'jpg' || original === 'png' || original === 'webp' || original === 'gif') return original
  if (original === 'avif') return 'avif'
  return 'png'
}

/** Renders `params` from the original's bytes with sharp (libvips). */
export async function renderImage(original: Uint8Array, params: ImageParams, format: RenderFormat): Promise<Buffer> {
  const { autoOrient: upright } = await sharp(original).metadata()
  const plan = planTransform(upright, params)
  const opaqueOutput = format === 'jpg' || format === 'pjpg'
  const background = colour(params.background) ?? (opaqueOutput ? '#ffffff' : { r: 0, g: 0, b: 0, alpha: 0 })

  // autoOrient: extract and resize see the image as it is shown, as the asset's dimensions describe it.
  let image = sharp(original, { failOn: 'none', autoOrient: true }).extract(plan.extract)
  image = plan.entropy
    ? image.resize(plan.resize.width, plan.resize.height, { fit: 'cover', position: sharp.strategy.entropy })
    : image.resize(plan.resize.width, plan.resize.height, { fit: 'fill' })
  const padX = plan.canvas.width - plan.resize.width
  const padY = plan.canvas.height - plan.resize.height
  if (padX > 0 || padY > 0) {
    image = image.extend({
      left: Math.floor(padX / 2),
      right: Math.ceil(padX / 2),
      top: Math.floor(padY / 2),
      bottom: Math.ceil(padY / 2),
      background,
    })
  }
  if (opaqueOutput || params.background) image = image.flatten({ background })
  return encode(image, format, params.quality).toBuffer()
}

function encode(image: sharp.Sharp, format: RenderFormat, quality: number): sharp.Sharp {
  switch (format) {
    case 'jpg':
      return image.jpeg({ quality })
    case 'pjpg':
      return image.jpeg({ quality, progressive: true })
    case 'png':
      return image.png()
    case 'webp':
      return image.webp({ quality })
    case 'avif':
      // q is on the JPEG/WebP scale. AVIF's runs lower: sharp's defaults, chosen to look alike, are 80 for
      // those and 50 for AVIF, so q is scaled by 50/80 (at q 75 as is, the AVIF was twice the WebP's bytes).
      // 4:2:0 as JPEG and WebP; effort 2 of 9, as it is encoded on the request's path (effort 4 took 3x longer).
      return image.avif({ quality: Math.round((quality * 50) / 80), chromaSubsampling: '4:2:0', effort: 2 })
    case 'gif':
      return image.gif()
  }
}

/** Sanity's `bg`: RGB, RRGGBB or AARRGGBB hex. */
function colour(hex: string | undefined): { r: number; g: number; b: number; alpha: number } | undefined {
  if (hex === undefined) return undefined
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex
  const argb = full.length === 8 ? full : `ff${full}`
  const byte = (index: number) => Number.parseInt(argb.slice(index, index + 2), 16)
  return { alpha: byte(0) / 255, r: byte(2), g: byte(4), b: byte(6) }
}
