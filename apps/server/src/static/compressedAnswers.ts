/// <reference path="./negotiator.d.ts" />
import type { ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import compressible from 'compressible'
import { LRUCache } from 'lru-cache'
import Negotiator from 'negotiator'
import vary from 'vary'

type Encoding = 'br' | 'gzip'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

// Each version of a file is compressed once, so both run at a higher level than on-the-fly compression
// (brotli 4, gzip 6): brotli 6 is about as fast as 4 and 7% smaller on the home page; 9 and up cost 10-80x.
const ENCODERS: Record<Encoding, (source: Buffer) => Promise<Buffer>> = {
  br: (source) =>
    brotliAsync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  gzip: (source) => gzipAsync(source, { level: 9 }),
}

/** Larger files are sent as they are rather than held in memory to be compressed. */
const MAX_COMPRESSED_FILE = 8 * 1024 * 1024

/** A compressed body with the exact bytes it was made from: it is only ever answered for those bytes. */
interface CompressedFile {
  source: Buffer
  body: Promise<Buffer>
}

/**
 * gzip or brotli answers for the text files serve-static sends, compressed once per version of a file.
 *
 * serve-static still decides everything about the answer (status, validators, 304, ranges, HEAD) and still
 * reads the file on every request; only its body is held here. A cached compressed body is used only when
 * the bytes just read equal the bytes it was made from, so a file replaced in place (same path, size and
 * even the same mtime, which Linux only advances every few milliseconds) or a site swapped by
 * `publish:changed` is never answered from a stale cache.
 */
export function createCompressedAnswers(options: { maxBytes?: number } = {}) {
  const cache = new LRUCache<string, CompressedFile>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    // Source and compressed body; the compressed one is never larger than the source plus its framing.
    sizeCalculation: (entry) => 2 * entry.source.length + 64,
  })

  const compressedBody = (file: string, encoding: Encoding, source: Buffer): Promise<Buffer> => {
    const key = `${encoding}:${file}`
    const cached = cache.get(key)
    if (cached?.source.equals(source)) return cached.body
    const entry = { source, body: ENCODERS[encoding](source) }
    cache.set(key, entry)
    entry.body.catch(() => {
      if (cache.get(key) === entry) cache.delete(key)
    })
    return entry.body
  }

  /** The encoding to answer with, decided once serve-static has set the status and the headers. */
  const encodingFor = (res: ServerResponse): Encoding | undefined => {
    const type = res.getHeader('content-type')
    if (typeof type !== 'string' || !compressible(type) || res.statusCode === 206) return undefined
    vary(res, 'Accept-Encoding')
    if (res.req.method !== 'GET' || (res.statusCode !== 200 && res.statusCode !== 404)) return undefined
    if (
      res.getHeader('content-encoding') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('cache-control') ?? ''))
    )
      return undefined
    if (Number(res.getHeader('content-length')) > MAX_COMPRESSED_FILE) return undefined
    const encoding = new Negotiator(res.req).encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] })
    return encoding === 'br' || encoding === 'gzip' ? encoding : undefined
  }

  /**
   * Holds the body serve-static writes for `file` (call it from serve-static's `setHeaders`, before the
   * file is read) and answers it compressed when the client accepts br or gzip and the answer is a whole
   * text file. Anything else (a 304, a range, HEAD, an image, an error answer) passes through untouched.
   */
  const hold = (res: ServerResponse, file: string): void => {
    const { write, end, writeHead } = res
    const chunks: Buffer[] = []
    let encoding: Encoding | undefined
    let decided = false
    const release = () => {
      res.write = write
      res.end = end
      res.writeHead = writeHead
    }
    const decide = () => {
      decided = true
      encoding = encodingFor(res)
      if (!encoding) release()
      return encoding
    }
    const finish = async (chosen: Encoding) => {
      const source = Buffer.concat(chunks)
      const body = await compressedBody(file, chosen, source).catch(() => source)
      if (body !== source && body.length < source.length) {
        res.setHeader('content-encoding', chosen)
        res.setHeader('content-length', body.length)
        res.end(body)
      } else res.end(source)
    }

    // An error answer (the file failed mid-read) replaces what was held.
    res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      release()
      return writeHead.apply(this, args)
    } as typeof writeHead
    res.write = function (this: ServerResponse, ...args: Parameters<typeof write>) {
      if (!decided && !decide()) return write.apply(this, args)
      const [chunk] = args
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
      return true
    } as typeof write
    res.end = function (this: ServerResponse, ...args: Parameters<typeof end>) {
      const [chunk] = args
      const last = typeof chunk === 'string' || chunk instanceof Uint8Array ? chunk : undefined
      if (!decided && !decide()) return end.apply(this, args)
      release()
      if (last !== undefined) chunks.push(Buffer.from(last))
      if (encoding) void finish(encoding)
      return this
    } as typeof end
  }

  return { hold }
}
