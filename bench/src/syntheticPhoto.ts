import sharp from 'sharp'
import { seeded } from './seeded.ts'

/**
 * A stand-in for a phone photo: 4000x3000, detail at every scale (noise drawn at 1/64, 1/16, 1/4 and full
 * size, each upscaled smoothly) over a sky-to-ground gradient, as a JPEG at quality 92 (about 6 MB). Random
 * but seeded, so every run measures the same bytes.
 */
export async function syntheticPhoto(width = 4000, height = 3000): Promise<Buffer> {
  const random = seeded(20261125)
  const layer = async (scale: number, amplitude: number) => {
    const w = Math.max(2, Math.round(width / scale))
    const h = Math.max(2, Math.round(height / scale))
    const noise = Buffer.alloc(w * h * 3)
    for (let index = 0; index < noise.length; index++) noise[index] = 128 + Math.round((random() - 0.5) * 2 * amplitude)
    return sharp(noise, { raw: { width: w, height: h, channels: 3 } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer()
  }
  const layers = await Promise.all([layer(256, 80), layer(64, 40), layer(16, 14), layer(4, 6), layer(1, 30)])
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    const sky = 1 - y / height
    const base = [90 + 110 * sky, 120 + 90 * sky, 70 + 170 * sky]
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3
      for (let channel = 0; channel < 3; channel++) {
        let value = base[channel] ?? 0
        for (const layerPixels of layers) value += (layerPixels[offset + channel] ?? 128) - 128
        pixels[offset + channel] = Math.max(0, Math.min(255, Math.round(value)))
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
}
