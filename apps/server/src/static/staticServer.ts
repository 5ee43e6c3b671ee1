import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.data': 'text/x-script',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
}

// What hosts compress (Netlify, Cloudflare Pages, nginx with gzip on): text, not images or fonts.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.data', '.xml', '.txt', '.svg'])

export interface StaticServer {
  origin: string
  dir: string
  close: () => Promise<void>
}

/** Resolves a request path to the file the hosting contract serves, or undefined for a 404. */
export function resolveStaticFile(dir: string, pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  const target = normalize(join(dir, decoded))
  if (target !== dir && !target.startsWith(dir + sep)) return undefined
  if (existsSync(target) && statSync(target).isFile()) return target
  const index = join(target, 'index.html')
  if (existsSync(index)) return index
  return undefined
}

/** `_headers` rules: a path pattern line, then indented `Name: value` lines (`*` matches anything). */
export function parseHeadersFile(text: string): Array<{ pattern: RegExp; headers: Array<[string, string]> }> {
  const rules: Array<{ pattern: RegExp; headers: Array<[string, string]> }> = []
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] })
    } else {
      const colon = line.indexOf(':')
      rules.at(-1)?.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
    }
  }
  return rules
}

/** `_redirects` lines: `from to status` (the build writes each old address with and without a trailing slash). */
export function parseRedirectsFile(text: string): Map<string, { to: string; status: number }> {
  const redirects = new Map<string, { to: string; status: number }>()
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/)
    if (!from || from.startsWith('#') || !to) continue
    redirects.set(from, { to, status: Number(status ?? 301) })
  }
  return redirects
}

/** A file of the site, parsed again whenever it changes: `pnpm publish:changed` replaces the site while it is served. */
function parsedWhileServed<T>(file: string, parse: (text: string) => T): () => T {
  let parsed = { version: '', value: parse('') }
  return () => {
    const stat = existsSync(file) ? statSync(file) : undefined
    const version = stat ? `${stat.ino}:${stat.mtimeMs}` : ''
    if (version !== parsed.version) parsed = { version, value: parse(stat ? readFileSync(file, 'utf8') : '') }
    return parsed.value
  }
}

/** Answers requests from a built site by the hosting contract. `compress`: gzip text, as production hosts do. */
export function createStaticHandler(options: { dir: string; compress?: boolean }) {
  const dir = resolve(options.dir)
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} has no index.html: run \`pnpm build\` first`)
  const headerRules = parsedWhileServed(join(dir, '_headers'), parseHeadersFile)
  const redirects = parsedWhileServed(join(dir, '_redirects'), parseRedirectsFile)

  const gzipCache = new Map<string, { source: Buffer; gzip: Buffer }>()
  const gzipped = (file: string, source: Buffer) => {
    const cached = gzipCache.get(file)
    if (cached?.source.equals(source)) return cached.gzip
    const gzip = gzipSync(source)
    gzipCache.set(file, { source, gzip })
    return gzip
  }

  const serve = (req: IncomingMessage, res: ServerResponse, waited = 0): void => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost')
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    // publish:changed puts the new site in place with two renames: a request between them waits for it.
    if (!existsSync(dir) && waited < 1000) {
      setTimeout(() => serve(req, res, waited + 10), 10)
      return
    }
    const redirect = redirects().get(pathname)
    if (redirect) {
      res.writeHead(redirect.status, { location: redirect.to, 'cache-control': 'no-cache' }).end()
      return
    }
    const file = resolveStaticFile(dir, pathname)
    const served = file ?? join(dir, '404.html')
    const responseHeaders: Record<string, string> = {
      'content-type': CONTENT_TYPES[extname(served)] ?? 'application/octet-stream',
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    }
    for (const rule of headerRules()) {
      if (rule.pattern.test(pathname))
        for (const [name, value] of rule.headers) responseHeaders[name.toLowerCase()] = value
    }
    let body: Buffer = readFileSync(served)
    if (
      options.compress &&
      COMPRESSIBLE.has(extname(served)) &&
      /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    ) {
      body = gzipped(served, body)
      responseHeaders['content-encoding'] = 'gzip'
      responseHeaders.vary = 'Accept-Encoding'
    }
    res.writeHead(file ? 200 : 404, responseHeaders)
    res.end(req.method === 'HEAD' ? undefined : body)
  }
  return { dir, handle: (req: IncomingMessage, res: ServerResponse) => serve(req, res) }
}

/** Serves a built site by the hosting contract and nothing else (tests, benchmarks, `pnpm preview:serve`). */
export async function startStaticServer(options: {
  dir: string
  port?: number
  host?: string
  compress?: boolean
}): Promise<StaticServer> {
  const { dir, handle } = createStaticHandler(options)
  const server = createServer(handle)
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', done)
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${options.host ?? '127.0.0.1'}:${port}`,
    dir,
    close: () => new Promise((done) => server.close(() => done())),
  }
}
