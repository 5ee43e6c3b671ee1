import { DefaultGenerator } from '@vibrant/generator-default'
import { MMCQ } from '@vibrant/quantizer-mmcq'
import { encode } from 'blurhash'
import sharp from 'sharp'

/**
 * The metadata Sanity's Content Lake computes for an uploaded image (https://www.sanity.io/docs/image-metadata):
 * the ones always included (dimensions, hasAlpha, isOpaque) and those included by default (lqip, blurHash,
 * palette). EXIF and location, off by default, are not computed.
 */
export interface ImageMetadata {
  _type: 'sanity.imageMetadata'
  dimensions: { _type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number }
  hasAlpha: boolean
  isOpaque: boolean
  lqip: string
  blurHash: string
  palette: Palette
}

export interface PaletteSwatch {
  _type: 'sanity.imagePaletteSwatch'
  background: string
  foreground: string
  title: string
  population: number
}

type SwatchName = 'dominant' | 'vibrant' | 'darkVibrant' | 'lightVibrant' | 'muted' | 'darkMuted' | 'lightMuted'
export type Palette = { _type: 'sanity.imagePalette' } & Partial<Record<SwatchName, PaletteSwatch>>

/** Sanity's lqip is a JPEG 20 pixels wide, as a base64 data URL. */
export const LQIP_WIDTH = 20
/** Components of the BlurHash (4 across, 3 down: the library's suggested default). */
const BLURHASH_COMPONENTS = { x: 4, y: 3 }
/** Pixels sampled for the palette and the BlurHash: both describe colour, not detail. */
const SAMPLE_SIZE = 64

export async function imageMetadata(bytes: Uint8Array): Promise<ImageMetadata> {
  const upright = () => sharp(bytes, { failOn: 'none', autoOrient: true })
  const info = await sharp(bytes).metadata()
  const { width, height } = info.autoOrient
  const hasAlpha = info.hasAlpha
  const isOpaque = hasAlpha ? (await upright().stats()).isOpaque : true

  const lqip = await upright().resize(LQIP_WIDTH).flatten({ background: '#ffffff' }).jpeg({ quality: 50 }).toBuffer()
  const sample = await upright()
    .resize(SAMPLE_SIZE, SAMPLE_SIZE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const pixels = new Uint8ClampedArray(sample.data)

  return {
    _type: 'sanity.imageMetadata',
    dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
    hasAlpha,
    isOpaque,
    lqip: `data:image/jpeg;base64,${lqip.toString('base64')}`,
    blurHash: encode(pixels, sample.info.width, sample.info.height, BLURHASH_COMPONENTS.x, BLURHASH_COMPONENTS.y),
    palette: await palette(pixels),
  }
}

/**
 * The swatches of node-vibrant (its median-cut quantizer and default generator, the algorithm behind the
 * names Sanity's palette uses), from RGBA pixels. As node-vibrant does, nearly transparent and nearly white
 * pixels are left out. `population` is the swatch's share of the counted pixels, in percent.
 */
async function palette(rgba: Uint8ClampedArray): Promise<Palette> {
  const pixels = new Uint8ClampedArray(rgba)
  for (let offset = 0; offset < pixels.length; offset += 4) {
    const [r = 0, g = 0, b = 0, a = 0] = pixels.subarray(offset, offset + 4)
    if (a < 125 || (r > 250 && g > 250 && b > 250)) pixels[offset + 3] = 0
  }
  const result: Palette = { _type: 'sanity.imagePalette' }
  const counted = pixels.filter((_, index) => index % 4 === 3 && pixels[index] !== 0).length
  if (counted === 0) return result
  const swatches = MMCQ(pixels, { colorCount: 64 })
  const named = await DefaultGenerator(swatches)
  const toSwatch = (swatch: (typeof swatches)[number]): PaletteSwatch => ({
    _type: 'sanity.imagePaletteSwatch',
    background: swatch.hex,
    foreground: swatch.bodyTextColor,
    title: swatch.titleTextColor,
    population: Math.round((swatch.population / counted) * 10_000) / 100,
  })
  const dominant = swatches.reduce((best, swatch) => (swatch.population > best.population ? swatch : best))
  result.dominant = toSwatch(dominant)
  const names: [SwatchName, string][] = [
    ['vibrant', 'Vibrant'],
    ['darkVibrant', 'DarkVibrant'],
    ['lightVibrant', 'LightVibrant'],
    ['muted', 'Muted'],
    ['darkMuted', 'DarkMuted'],
    ['lightMuted', 'LightMuted'],
  ]
  for (const [name, vibrantName] of names) {
    const swatch = named[vibrantName]
    if (swatch) result[name] = toSwatch(swatch)
  }
  return result
}
