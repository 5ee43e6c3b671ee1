import { AssetError } from './assetError'

/**
 * The parameters of Sanity's image CDN (https://www.sanity.io/docs/image-urls) the local Content Lake
 * applies, read from a query string. Values Sanity would not accept are refused with 400, as the CDN does.
 */
export type FitMode = 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'scale' | 'min'
export type CropToken = 'top' | 'bottom' | 'left' | 'right' | 'center' | 'focalpoint' | 'entropy'
export type OutputFormat = 'jpg' | 'pjpg' | 'png' | 'webp'

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

export interface ImageParams {
  width?: number
  height?: number
  fit: FitMode
  crop: CropToken[]
  focalPoint: { x: number; y: number }
  rect?: Rect
  format?: OutputFormat
  autoFormat: boolean
  quality: number
  dpr: number
  /** `#rrggbb` or `#aarrggbb` as Sanity's `bg` takes it, without the `#`. */
  background?: string
  /** `dl`: answered as a download, under this file name (empty: the asset's own). */
  download?: string
}

/** The largest width or height the lake renders, after `dpr`. */
export const MAX_OUTPUT_DIMENSION = 8192
/** Sanity's default JPEG/WebP quality when `q` is not given. */
export const DEFAULT_QUALITY = 75

const FIT_MODES: readonly FitMode[] = ['clip', 'crop', 'fill', 'fillmax', 'max', 'scale', 'min']
const CROP_TOKENS: readonly CropToken[] = ['top', 'bottom', 'left', 'right', 'center', 'focalpoint', 'entropy']
const FORMATS: readonly OutputFormat[] = ['jpg', 'pjpg', 'png', 'webp']
/** Documented by Sanity, not applied by the lake: refused rather than silently ignored. */
const UNMODELLED = ['blur', 'sharp', 'invert', 'sat', 'pad', 'frame', 'min-w', 'min-h', 'max-w', 'max-h', 'flip', 'or']

export function parseImageParams(search: URLSearchParams): ImageParams {
  for (const name of UNMODELLED) {
    if (search.has(name)) invalid(`The parameter "${name}" is not modelled by the local Content Lake`)
  }
  const dpr = devicePixelRatio(search.get('dpr'))
  const width = optionalInteger(search, 'w', 1, MAX_OUTPUT_DIMENSION)
  const height = optionalInteger(search, 'h', 1, MAX_OUTPUT_DIMENSION)
  for (const [name, value] of [
    ['w', width],
    ['h', height],
  ] as const) {
    if (value !== undefined && Math.round(value * dpr) > MAX_OUTPUT_DIMENSION) {
      invalid(`${name} × dpr is larger than ${MAX_OUTPUT_DIMENSION}`)
    }
  }
  const auto = search.get('auto')
  if (auto !== null && auto !== 'format') invalid(`Unknown value for auto: "${auto}"`)
  return {
    width,
    height,
    fit: oneOf(search, 'fit', FIT_MODES) ?? 'clip',
    crop: cropTokens(search.get('crop')),
    focalPoint: { x: optionalNumber(search, 'fp-x', 0, 1) ?? 0.5, y: optionalNumber(search, 'fp-y', 0, 1) ?? 0.5 },
    rect: rect(search.get('rect')),
    format: oneOf(search, 'fm', FORMATS),
    autoFormat: auto === 'format',
    quality: optionalInteger(search, 'q', 0, 100) ?? DEFAULT_QUALITY,
    dpr,
    background: background(search.get('bg')),
    download: search.get('dl') ?? undefined,
  }
}

/** The parameters as one canonical string: equal for requests that render the same bytes. */
export function paramsKey(params: ImageParams): string {
  return JSON.stringify([
    params.width,
    params.height,
    params.fit,
    params.crop,
    params.focalPoint,
    params.rect,
    params.format,
    params.quality,
    params.dpr,
    params.background,
  ])
}

function invalid(description: string): never {
  throw new AssetError(400, 'httpBadRequest', description)
}

function optionalNumber(search: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const text = search.get(name)
  if (text === null) return undefined
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    invalid(`${name} must be a number from ${min} to ${max}, not "${text}"`)
  }
  return value
}

function optionalInteger(search: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const value = optionalNumber(search, name, min, max)
  if (value !== undefined && !Number.isInteger(value)) invalid(`${name} must be a whole number, not "${value}"`)
  return value
}

function oneOf<T extends string>(search: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const text = search.get(name)
  if (text === null) return undefined
  const value = values.find((candidate) => candidate === text)
  if (!value) invalid(`Unknown value for ${name}: "${text}" (one of ${values.join(', ')})`)
  return value
}

/**
 * The Studio sends the browser's devicePixelRatio as it is (0.9 when zoomed out, 3.5 on some phones): any
 * positive ratio is taken, and held to the CDN's 1 to 3.
 */
function devicePixelRatio(text: string | null): number {
  if (text === null) return 1
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0)
    invalid(`dpr must be a positive number, not "${text}"`)
  return Math.min(Math.max(value, 1), 3)
}

function cropTokens(text: string | null): CropToken[] {
  if (text === null) return ['center']
  return text.split(',').map((token) => {
    const known = CROP_TOKENS.find((candidate) => candidate === token)
    if (!known) invalid(`Unknown value for crop: "${token}" (one of ${CROP_TOKENS.join(', ')})`)
    return known
  })
}

function rect(text: string | null): Rect | undefined {
  if (text === null) return undefined
  const parts = text.split(',').map(Number)
  const [left = 0, top = 0, width = 0, height = 0] = parts
  const valid = parts.length === 4 && parts.every(Number.isInteger) && left >= 0 && top >= 0 && width > 0 && height > 0
  if (!valid) invalid(`rect must be left,top,width,height in whole pixels, not "${text}"`)
  return { left, top, width, height }
}

function background(text: string | null): string | undefined {
  if (text === null) return undefined
  const hex = text.replace(/^#/, '')
  if (!/^([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(hex)) invalid(`bg must be a hex colour, not "${text}"`)
  return hex.toLowerCase()
}
