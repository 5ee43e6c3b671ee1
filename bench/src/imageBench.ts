/**
 * `pnpm bench:images`: the local Content Lake's image endpoint on a 4000x3000 photo of about 6 MB.
 * - upload: the POST until the asset document (with lqip, BlurHash and palette) is answered;
 * - transform latency, cold (the variant cache emptied before each request) and cached, median of several runs;
 * - bytes served at w=390 dpr=2 (a phone) and w=1280 (a desktop) with auto=format, for a browser taking AVIF
 *   (Chrome, Firefox, Safari 16+), one taking WebP only, and one taking neither (the original's JPEG).
 * → bench/image-results.md
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { lakeFilesFor, startContentLake } from '@site/content-api/lake'
import sharp from 'sharp'
import { benchDir } from './paths.ts'
import { median } from './stats.ts'
import { syntheticPhoto } from './syntheticPhoto.ts'

const { values: options } = parseArgs({
  options: { cold: { type: 'string', default: '5' }, cached: { type: 'string', default: '20' } },
})
const COLD_RUNS = Number(options.cold)
const CACHED_RUNS = Number(options.cached)
const PHONE_TARGET = 60_000

const BROWSERS = {
  'AVIF and WebP (Chrome)': 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  'WebP only': 'image/webp,*/*',
  'neither (JPEG)': '*/*',
}
const VARIANTS = { 'phone: w=390, dpr=2': 'w=390&dpr=2&auto=format', 'desktop: w=1280': 'w=1280&auto=format' }

const directory = mkdtempSync(join(tmpdir(), 'image-bench-'))
const files = lakeFilesFor(join(directory, 'seed.ndjson'))
writeFileSync(files.published, '')
const token = 'image-bench-token-0123456789abcdef'
const lake = await startContentLake({ seedFile: files.published, projectId: 'embedded', token, allowedOrigins: [] })

try {
  const photo = await syntheticPhoto()
  const uploadStarted = performance.now()
  const uploaded = await fetch(`${lake.apiHost}/v2026-05-04/assets/images/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(photo),
  })
  const uploadMs = performance.now() - uploadStarted
  const { document } = (await uploaded.json()) as { document: { url: string } }

  const fetchVariant = async (query: string, accept: string) => {
    const started = performance.now()
    const response = await fetch(`${lake.apiHost}${document.url}?${query}`, { headers: { accept } })
    const bytes = Buffer.from(await response.arrayBuffer())
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${bytes.toString('utf8')}`)
    return {
      ms: performance.now() - started,
      bytes,
      type: response.headers.get('content-type') ?? '',
      cache: response.headers.get('x-cache'),
    }
  }

  const rows: string[] = []
  for (const [variant, query] of Object.entries(VARIANTS)) {
    for (const [browser, accept] of Object.entries(BROWSERS)) {
      const cold: number[] = []
      for (let run = 0; run < COLD_RUNS; run++) {
        rmSync(files.imageCache, { recursive: true, force: true })
        const result = await fetchVariant(query, accept)
        if (result.cache !== 'MISS') throw new Error(`expected a cold render, got ${result.cache}`)
        cold.push(result.ms)
      }
      const cached: number[] = []
      let last = await fetchVariant(query, accept)
      for (let run = 0; run < CACHED_RUNS; run++) {
        last = await fetchVariant(query, accept)
        if (last.cache !== 'HIT') throw new Error(`expected a cached answer, got ${last.cache}`)
        cached.push(last.ms)
      }
      const { width, height } = await sharp(last.bytes).metadata()
      rows.push(
        `| ${variant} | ${browser} | ${last.type} | ${width}x${height} | ${(last.bytes.length / 1000).toFixed(1)} kB | ${Math.round(median(cold))} ms | ${median(cached).toFixed(1)} ms |`,
      )
      console.log(rows.at(-1))
    }
  }

  const phoneBytes = async (accept: string) =>
    (await fetchVariant(VARIANTS['phone: w=390, dpr=2'], accept)).bytes.length
  const phoneAvif = await phoneBytes(BROWSERS['AVIF and WebP (Chrome)'])
  const phoneWebp = await phoneBytes(BROWSERS['WebP only'])
  const verdict = (bytes: number) => (bytes < PHONE_TARGET ? 'met' : 'not met')
  const report = `# Image transforms on the local Content Lake

\`pnpm bench:images\` (bench/src/imageBench.ts), ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores
(load average ${loadavg()[0]?.toFixed(2)} at the end, on a machine shared with other work), sharp ${sharp.versions.sharp}
(libvips ${sharp.versions.vips}).

The original: a synthetic 4000x3000 photo (bench/src/syntheticPhoto.ts: noise at five scales over a
gradient, so that, as in a camera's JPEG, most of its ${(photo.length / 1e6).toFixed(1)} MB is fine detail that a
downscale averages away), JPEG quality 92. Its upload, with the metadata the lake computes (lqip, BlurHash,
palette), took ${Math.round(uploadMs)} ms.

Cold: the variant cache emptied before each request, median of ${COLD_RUNS}. Cached: the variant read from
\`.lake/image-cache\`, median of ${CACHED_RUNS}. Both are the whole HTTP request on loopback. The quality is the CDN's
default (q 75; for AVIF scaled to 47, see imageTransform.ts).

| variant | browser accepts | served as | size | bytes | cold | cached |
| ------- | --------------- | --------- | ---- | ----- | ---- | ------ |
${rows.join('\n')}

Target: under 60 kB on the phone (w=390 at dpr 2, so 780 px wide): ${(phoneAvif / 1000).toFixed(1)} kB as AVIF
(${verdict(phoneAvif)}), ${(phoneWebp / 1000).toFixed(1)} kB as WebP (${verdict(phoneWebp)}). These bytes are those of
this synthetic photo; a real photo's depend on its content. Sanity's CDN encodes with its own settings, so
hosted bytes will differ.
`
  writeFileSync(join(benchDir, 'image-results.md'), report)
  console.log(report)
} finally {
  await lake.close()
  rmSync(directory, { recursive: true, force: true })
}
