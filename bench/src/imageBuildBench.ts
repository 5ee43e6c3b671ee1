/**
 * `pnpm bench:image-build`: what a static build pays per image variant as a site grows to 10, 100 and 1,000
 * uploaded images. Each image goes through the build's own resolver (`resolveCoverImage`, what a route's
 * loader calls for a hero: both art directions, the width ladder, AVIF and WebP), on an empty variant store
 * (cold: every variant rendered) and then again on the full store (warm: a rebuild, every variant a hit).
 * CPU time (user + system, every thread of the process, sharp's included) is reported beside wall time: on a
 * shared machine the wall time depends on what else runs, the CPU time much less.
 * → bench/image-build-results.md
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { benchDir } from './paths.ts'

const { values: options } = parseArgs({
  options: {
    counts: { type: 'string', default: '10,100,1000' },
    width: { type: 'string', default: '1200' },
    height: { type: 'string', default: '800' },
  },
})
const COUNTS = options.counts.split(',').map(Number)
const WIDTH = Number(options.width)
const HEIGHT = Number(options.height)

const directory = mkdtempSync(join(tmpdir(), 'image-build-bench-'))
process.env.CONTENT_SEED_FILE = join(directory, 'seed.ndjson')
process.env.SITE_IMAGE_CACHE = join(directory, 'variants')
delete process.env.SANITY_PROJECT_ID
delete process.env.SANITY_STUDIO_PROJECT_ID
// Imported after the environment is set: the resolver reads where the dataset's uploads and the variants live.
const { resolveCoverImage } = await import('../../apps/web/app/images/resolveImage.server.ts')

interface Run {
  images: number
  variants: number
  variantBytes: number
  cold: { wallMs: number; cpuMs: number }
  warm: { wallMs: number; cpuMs: number }
}

const startLoad = loadavg()[0]!
const runs: Run[] = []
try {
  const base = await photoPixels()
  for (const count of COUNTS) {
    rmSync(process.env.SITE_IMAGE_CACHE, { recursive: true, force: true })
    const uploads = join(directory, 'assets', 'images', 'embedded', 'production')
    rmSync(uploads, { recursive: true, force: true })
    mkdirSync(uploads, { recursive: true })
    const fields: Awaited<ReturnType<typeof upload>>[] = []
    for (let index = 0; index < count; index++) fields.push(await upload(base, index, uploads))
    const resolveAll = async () => {
      for (const field of fields) await resolveCoverImage(field)
    }
    const cold = await measure(resolveAll)
    const warm = await measure(resolveAll)
    const variants = readdirSync(process.env.SITE_IMAGE_CACHE)
    const variantBytes = variants.reduce(
      (total, name) => total + statSync(join(process.env.SITE_IMAGE_CACHE!, name)).size,
      0,
    )
    runs.push({ images: count, variants: variants.length, variantBytes, cold, warm })
    console.log(
      `${count} images: ${variants.length} variants, cold ${(cold.wallMs / 1000).toFixed(1)} s wall / ${(cold.cpuMs / 1000).toFixed(1)} s CPU, warm ${(warm.wallMs / 1000).toFixed(2)} s`,
    )
  }
} finally {
  rmSync(directory, { recursive: true, force: true })
}
writeReport(runs)

/** One photo's pixels, drawn once: each image of the run is these with a different band, so each has its own bytes. */
async function photoPixels(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3)
  let state = 20261125
  for (let y = 0; y < HEIGHT; y++) {
    const sky = 1 - y / HEIGHT
    for (let x = 0; x < WIDTH; x++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0
      const grain = (state >>> 24) / 8 - 16
      const offset = (y * WIDTH + x) * 3
      pixels[offset] = clamp(90 + 110 * sky + grain + 30 * Math.sin(x / 97))
      pixels[offset + 1] = clamp(120 + 90 * sky + grain + 25 * Math.cos(y / 61))
      pixels[offset + 2] = clamp(70 + 170 * sky + grain)
    }
  }
  return pixels
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)))
}

/** Writes image `index` as the lake stores an upload and answers the field a route query would return for it. */
async function upload(pixels: Buffer, index: number, uploads: string) {
  const band = Math.floor((index * 37) % (HEIGHT - 8))
  const own = Buffer.from(pixels)
  own.fill(index % 256, band * WIDTH * 3, (band + 8) * WIDTH * 3)
  const bytes = await sharp(own, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
  const id = `${index.toString(16).padStart(40, '0')}`
  const name = `${id}-${WIDTH}x${HEIGHT}.jpg`
  writeFileSync(join(uploads, name), bytes)
  const assetId = `image-${id}-${WIDTH}x${HEIGHT}-jpg`
  return {
    upload: { asset: { _ref: assetId }, crop: null, hotspot: { x: 0.62, y: 0.4, width: 0.2, height: 0.2 } },
    asset: {
      _id: assetId,
      url: `/images/embedded/production/${name}`,
      metadata: { dimensions: { width: WIDTH, height: HEIGHT }, lqip: null, palette: null },
    },
  }
}

async function measure(work: () => Promise<void>): Promise<{ wallMs: number; cpuMs: number }> {
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await work()
  const cpu = process.cpuUsage(cpuBefore)
  return { wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 }
}

/**
 * The report has a section per source size, so runs at several sizes (`--width`/`--height`) fill one file: a
 * run replaces its own size's section and keeps the others.
 */
function writeReport(results: Run[]): void {
  const file = join(benchDir, 'image-build-results.md')
  const perVariant = (ms: number, variants: number) => `${(ms / variants).toFixed(1)} ms`
  const rows = results.map(
    ({ images, variants, variantBytes, cold, warm }) =>
      `| ${images} | ${variants} | ${(variantBytes / 1e6).toFixed(1)} MB | ${(cold.wallMs / 1000).toFixed(1)} s | ${(cold.cpuMs / 1000).toFixed(1)} s | ${perVariant(cold.wallMs, variants)} | ${perVariant(cold.cpuMs, variants)} | ${(warm.wallMs / 1000).toFixed(2)} s | ${perVariant(warm.wallMs, variants)} |`,
  )
  const heading = `## ${WIDTH}x${HEIGHT} uploads`
  const section = `${heading}

${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load average ${startLoad.toFixed(2)} at the start and ${loadavg()[0]!.toFixed(2)} at the end.

| images | variants | variant bytes | cold wall | cold CPU | cold wall per variant | cold CPU per variant | warm wall | warm wall per variant |
| ------ | -------- | ------------- | --------- | -------- | --------------------- | -------------------- | --------- | --------------------- |
${rows.join('\n')}
`
  const intro = `# Build-time cost of image variants

\`pnpm bench:image-build\` (bench/src/imageBuildBench.ts). Each image is an upload (a JPEG at quality 90, each with
bytes of its own) with a hotspot, resolved as the build resolves a hero (\`resolveCoverImage\`: a 3:4 phone crop
and the full crop, each on the width ladder capped at the source, each as AVIF and WebP). Cold: an empty variant
store, every variant rendered with the lake's transform code. Warm: the same images again on the full store (a
rebuild, or a publish that did not change them). CPU is user + system time of every thread of the process (sharp's
pool included); per variant = total / variants. The machine is shared, so the wall times vary with its load; the
CPU times much less.
`
  const sections = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split(/^(?=## )/m)
        .slice(1)
        .filter((existing) => !existing.startsWith(heading))
    : []
  const report = [intro, ...[...sections, section].sort()].join('\n')
  writeFileSync(file, `${report.trimEnd()}\n`)
  console.log(section)
}
