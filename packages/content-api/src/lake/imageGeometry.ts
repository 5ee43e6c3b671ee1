import { AssetError } from './assetError'
import { type CropToken, type ImageParams, MAX_OUTPUT_DIMENSION, type Rect } from './imageParams'

export interface Size {
  width: number
  height: number
}

/**
 * What to do with the (upright) original, as Sanity's CDN sizes an image (https://www.sanity.io/docs/image-urls):
 * read `extract` from it, resize that to `resize` (distorting only with `fit=scale`), centre it on `canvas`
 * (larger than `resize` only with `fit=fill` and `fillmax`). With `crop=entropy` the window is left to the
 * image library: `extract` is the whole region and `resize` is covered by its busiest part.
 */
export interface TransformPlan {
  extract: Rect
  resize: Size
  canvas: Size
  entropy: boolean
}

type Params = Pick<ImageParams, 'width' | 'height' | 'fit' | 'crop' | 'focalPoint' | 'rect' | 'dpr'>

export function planTransform(source: Size, params: Params): TransformPlan {
  const region = regionOf(source, params.rect)
  const target = {
    width: params.width === undefined ? undefined : Math.round(params.width * params.dpr),
    height: params.height === undefined ? undefined : Math.round(params.height * params.dpr),
  }
  const keep = (resize: Size, canvas = resize): TransformPlan => {
    for (const size of [resize, canvas]) withinLimit(size)
    return { extract: region, resize, canvas, entropy: false }
  }
  const neverUpscale = params.fit === 'max' || params.fit === 'fillmax' || params.fit === 'min'

  if (target.width === undefined && target.height === undefined) return keep(sizeOf(region))
  if (target.width === undefined || target.height === undefined) {
    // One side given: the other follows the aspect ratio, whatever the fit.
    const scale =
      target.width !== undefined ? target.width / region.width : (target.height ?? region.height) / region.height
    return keep(scaled(region, neverUpscale ? Math.min(scale, 1) : scale))
  }
  const box = { width: target.width, height: target.height }
  const contain = Math.min(box.width / region.width, box.height / region.height)
  switch (params.fit) {
    case 'clip':
      return keep(scaled(region, contain))
    case 'max':
      return keep(scaled(region, Math.min(contain, 1)))
    case 'fill':
      return keep(scaled(region, contain), box)
    case 'fillmax':
      return keep(scaled(region, Math.min(contain, 1)), box)
    case 'scale':
      return keep(box)
    case 'crop':
      return cropped(region, box, box, params)
    case 'min': {
      // The requested aspect ratio, never larger than the pixels the original has for it.
      const window = windowOf(region, box)
      return cropped(region, box, window.width < box.width ? window : box, params)
    }
  }
}

function regionOf(source: Size, rect: Rect | undefined): Rect {
  if (!rect) return { left: 0, top: 0, ...source }
  if (rect.left >= source.width || rect.top >= source.height) {
    throw new AssetError(400, 'httpBadRequest', `rect starts outside the ${source.width}x${source.height} image`)
  }
  return {
    left: rect.left,
    top: rect.top,
    width: Math.min(rect.width, source.width - rect.left),
    height: Math.min(rect.height, source.height - rect.top),
  }
}

const sizeOf = ({ width, height }: Size): Size => ({ width, height })

function scaled(region: Size, scale: number): Size {
  return {
    width: Math.max(1, Math.round(region.width * scale)),
    height: Math.max(1, Math.round(region.height * scale)),
  }
}

function withinLimit(size: Size): void {
  if (size.width > MAX_OUTPUT_DIMENSION || size.height > MAX_OUTPUT_DIMENSION) {
    throw new AssetError(
      400,
      'httpBadRequest',
      `The output would be ${size.width}x${size.height}, larger than ${MAX_OUTPUT_DIMENSION} pixels on a side`,
    )
  }
}

/** The largest part of `region` with the aspect ratio of `box`. */
function windowOf(region: Size, box: Size): Size {
  const scale = Math.max(box.width / region.width, box.height / region.height)
  return {
    width: Math.max(1, Math.min(region.width, Math.round(box.width / scale))),
    height: Math.max(1, Math.min(region.height, Math.round(box.height / scale))),
  }
}

function cropped(region: Rect, box: Size, output: Size, params: Params): TransformPlan {
  withinLimit(output)
  if (params.crop.includes('entropy')) return { extract: region, resize: output, canvas: output, entropy: true }
  const window = windowOf(region, box)
  return {
    extract: place(window, region, params.crop, params.focalPoint),
    resize: output,
    canvas: output,
    entropy: false,
  }
}

/** Where the crop window goes: centred, against the named edges, or centred on the focal point. */
function place(window: Size, region: Rect, crop: CropToken[], focalPoint: { x: number; y: number }): Rect {
  const freeX = region.width - window.width
  const freeY = region.height - window.height
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max)
  let x = freeX / 2
  let y = freeY / 2
  if (crop.includes('focalpoint')) {
    x = clamp(focalPoint.x * region.width - window.width / 2, freeX)
    y = clamp(focalPoint.y * region.height - window.height / 2, freeY)
  }
  if (crop.includes('left')) x = 0
  if (crop.includes('right')) x = freeX
  if (crop.includes('top')) y = 0
  if (crop.includes('bottom')) y = freeY
  return { left: region.left + Math.round(x), top: region.top + Math.round(y), ...window }
}
