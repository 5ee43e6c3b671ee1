import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createStaticHandler,
  HostingContractError,
  type StaticServer,
  startStaticServer,
} from '../../apps/server/src/static/staticServer'
import { rawRequest } from './support/rawHttp'

// The static server by the hosting contract (docs/hosting.md, "Hosting contract"), probed from outside with requests
// written byte for byte, on a real folder: every spelling of a page, files that are not the site, validators,
// ranges, compression and file errors.

const FRAMING = "frame-ancestors 'self' https://studio.example.com"
const HOME_POLICY = `default-src 'self'; script-src 'self' 'sha256-home'; ${FRAMING}`
const ABOUT_POLICY = `default-src 'self'; script-src 'self' 'sha256-about'; ${FRAMING}`
const ABOUT_HTML = `<!doctype html><title>About</title><p>${'About us. '.repeat(300)}</p>`
const SCRIPT = `console.log("a hashed asset");\n`.repeat(100)

function builtSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'static-site-'))
  const write = (file: string, text: string) => {
    mkdirSync(join(dir, file, '..'), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  write('index.html', '<!doctype html><title>Home</title>')
  write('about/index.html', ABOUT_HTML)
  write('about.data', '[{"_1":2},"about"]')
  write('404.html', '<!doctype html><title>Not found</title>')
  write('assets/app-3f2a.js', SCRIPT)
  write(
    '_headers',
    [
      '/*',
      '  X-Content-Type-Options: nosniff',
      '/',
      `  Content-Security-Policy: ${HOME_POLICY}`,
      '/about',
      `  Content-Security-Policy: ${ABOUT_POLICY}`,
      '/about/',
      `  Content-Security-Policy: ${ABOUT_POLICY}`,
      '',
    ].join('\n'),
  )
  write('_redirects', '/old-about /about 301\n/old-about/ /about 301\n')
  write('.env', 'LEADS_ADMIN_TOKEN=secret-from-env\n')
  write('.git/config', '[remote "origin"]\n\turl = git@example.com:secret/repo.git\n')
  write('.data/leads-admin-token', 'secret-admin-token\n')
  return dir
}

let dir: string
let server: StaticServer
const logged: Array<{ event: string; fields: Record<string, string | number> }> = []

beforeAll(async () => {
  dir = builtSite()
  server = await startStaticServer({ dir })
})
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.origin, path, { headers })

describe('one address per page', () => {
  it.each([
    ['/about/index.html', '/about'],
    ['/about.html', '/about'],
    ['/%61bout', '/about'],
    ['/about//', '/about'],
    ['/about/', '/about'],
    ['//about', '/about'],
    ['/assets/../about', '/about'],
    ['/about/./', '/about'],
    ['/%2e%2e/about', '/about'],
    ['/index.html', '/'],
    ['/about/index.html?utm_source=mail', '/about?utm_source=mail'],
    ['/old-about/', '/about'],
    ['/\\evil.example/', '/%5Cevil.example'],
    ['//evil.example/', '/evil.example'],
  ])('%s is redirected (301) to %s', async (path, location) => {
    const response = await get(path)
    expect([response.status, response.header('location')]).toEqual([301, location])
  })

  it('answers the page at its address with its own policy, frame-ancestors included', async () => {
    const about = await get('/about')
    expect(about.status).toBe(200)
    expect(about.body.toString()).toBe(ABOUT_HTML)
    expect(about.header('content-security-policy')).toBe(ABOUT_POLICY)
    expect(about.header('content-type')).toBe('text/html; charset=utf-8')
    expect(about.header('x-content-type-options')).toBe('nosniff')
    expect(about.header('cache-control')).toBe('no-cache')
    const home = await get('/')
    expect([home.status, home.header('content-security-policy')]).toEqual([200, HOME_POLICY])
  })

  it('gives the not-found page, at any address, the site\u2019s frame-ancestors and status 404', async () => {
    for (const path of ['/nowhere', '/About', '/about/more', '/%E0%A4%A']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.body.toString(), path).toBe('<!doctype html><title>Not found</title>')
      expect(response.header('content-security-policy'), path).toBe(FRAMING)
      expect(response.header('cache-control'), path).toBe('no-cache')
    }
  })
})

describe("only the site's public files", () => {
  it.each([
    '/.env',
    '/%2eenv',
    '/.git/config',
    '/.git/',
    '/.data/leads-admin-token',
    '/_headers',
    '/_redirects',
    '/404.html',
    '/404',
  ])('%s is the not-found page', async (path) => {
    const response = await get(path)
    const final = response.status === 301 ? await get(response.header('location') ?? '') : response
    expect(final.status).toBe(404)
    expect(final.body.toString()).toBe('<!doctype html><title>Not found</title>')
  })

  it('serves route data and hashed assets with their types and cache rules', async () => {
    const data = await get('/about.data')
    expect([data.status, data.header('content-type'), data.body.toString()]).toEqual([
      200,
      'text/x-script',
      '[{"_1":2},"about"]',
    ])
    const script = await get('/assets/app-3f2a.js')
    expect(script.status).toBe(200)
    expect(script.header('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(script.header('content-type')).toBe('text/javascript; charset=utf-8')
  })

  it('answers pretty URLs: a folder\u2019s index.html, an extensionless file, or x.html', async () => {
    writeFileSync(join(dir, 'terms.html'), '<!doctype html><title>Terms</title>')
    writeFileSync(join(dir, 'LICENSE'), 'MIT\n')
    const terms = await get('/terms')
    const license = await get('/LICENSE')
    const about = await get('/about')
    expect([terms.status, terms.body.toString()]).toEqual([200, '<!doctype html><title>Terms</title>'])
    expect([license.status, license.body.toString()]).toEqual([200, 'MIT\n'])
    expect([about.status, about.body.toString()]).toEqual([200, ABOUT_HTML])
  })

  it('answers other methods 405', async () => {
    const response = await rawRequest(server.origin, '/about', { method: 'POST' })
    expect([response.status, response.header('allow')]).toEqual([405, 'GET, HEAD'])
  })
})

describe('validators and ranges', () => {
  it('sends ETag and Last-Modified, and 304 to a client that has the page', async () => {
    const first = await get('/about')
    const etag = first.header('etag')
    const lastModified = first.header('last-modified')
    expect(etag).toMatch(/^W\/".+"$/)
    expect(lastModified).toMatch(/GMT$/)
    const byTag = await get('/about', { 'if-none-match': etag ?? '' })
    expect([byTag.status, byTag.body.length, byTag.header('content-security-policy')]).toEqual([304, 0, ABOUT_POLICY])
    const byDate = await get('/about', { 'if-modified-since': lastModified ?? '' })
    expect(byDate.status).toBe(304)
  })

  it('sends the range asked for, uncompressed', async () => {
    const compressing = await startStaticServer({ dir, compress: true })
    try {
      const part = await rawRequest(compressing.origin, '/assets/app-3f2a.js', {
        headers: { range: 'bytes=0-9', 'accept-encoding': 'gzip' },
      })
      expect(part.status).toBe(206)
      expect(part.header('content-range')).toBe(`bytes 0-9/${SCRIPT.length}`)
      expect(part.header('content-encoding')).toBeUndefined()
      expect(part.body.toString()).toBe(SCRIPT.slice(0, 10))
    } finally {
      await compressing.close()
    }
  })
})

describe('compression', () => {
  it('gzips pages and scripts for a client that accepts it, as production hosts do', async () => {
    const compressing = await startStaticServer({ dir, compress: true })
    try {
      for (const [path, text] of [
        ['/about', ABOUT_HTML],
        ['/assets/app-3f2a.js', SCRIPT],
      ] as const) {
        const response = await rawRequest(compressing.origin, path, { headers: { 'accept-encoding': 'gzip' } })
        expect(response.status).toBe(200)
        expect(response.header('content-encoding')).toBe('gzip')
        expect(response.header('vary')).toBe('Accept-Encoding')
        expect(gunzipSync(response.body).toString()).toBe(text)
      }
      const plain = await rawRequest(compressing.origin, '/about')
      expect([plain.header('content-encoding'), plain.body.toString()]).toEqual([undefined, ABOUT_HTML])
    } finally {
      await compressing.close()
    }
  })
})

describe('compressed answers, each version of a file compressed once', () => {
  const decoded = (response: Awaited<ReturnType<typeof rawRequest>>) => {
    const encoding = response.header('content-encoding')
    if (encoding === 'br') return brotliDecompressSync(response.body)
    if (encoding === 'gzip') return gunzipSync(response.body)
    throw new Error(`not compressed: ${encoding}`)
  }
  let site: string
  let served: StaticServer
  beforeEach(async () => {
    site = builtSite()
    served = await startStaticServer({ dir: site, compress: true })
  })
  afterEach(async () => {
    await served.close()
    rmSync(site, { recursive: true, force: true })
  })
  const fetchAs = (path: string, encoding: string, headers: Record<string, string> = {}) =>
    rawRequest(served.origin, path, { headers: { 'accept-encoding': encoding, ...headers } })

  it('prefers brotli, and each answer decompresses to the file byte for byte, multi-byte text across read chunks included', async () => {
    // Over 64 kB, so serve-static reads it in several chunks, with a 3-byte character across each boundary.
    const script = Buffer.from(`const s = "${'€ é ✓ 😀 '.repeat(9000)}";\n`)
    writeFileSync(join(site, 'assets/big-9c1e.js'), script)
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
    ] as const) {
      for (const [path, bytes] of [
        ['/assets/big-9c1e.js', script],
        ['/about', Buffer.from(ABOUT_HTML)],
        ['/assets/app-3f2a.js', Buffer.from(SCRIPT)],
      ] as const) {
        // Twice: the first answer fills the cache, the second comes from it.
        for (const round of ['first', 'cached']) {
          const response = await fetchAs(path, accept)
          expect(
            [response.status, response.header('content-encoding'), response.header('vary')],
            `${path} ${accept} ${round}`,
          ).toEqual([200, encoding, 'Accept-Encoding'])
          expect(Number(response.header('content-length'))).toBe(response.body.length)
          expect(decoded(response).equals(bytes), `${path} ${accept} ${round}`).toBe(true)
        }
      }
    }
  })

  it('answers a file replaced in place (same path, same size, same mtime) with its new content, never the cached one', async () => {
    const file = join(site, 'about/index.html')
    // A whole second, which the file system keeps exactly.
    const stamp = new Date('2026-11-26T08:00:00Z')
    utimesSync(file, stamp, stamp)
    const before = statSync(file)
    for (const accept of ['br', 'gzip']) expect(decoded(await fetchAs('/about', accept)).toString()).toBe(ABOUT_HTML)
    const changed = ABOUT_HTML.replace('About us.', 'About US!')
    expect(changed.length).toBe(ABOUT_HTML.length)
    writeFileSync(file, changed)
    // What a careless copy or a coarse clock leaves: the same inode, size and modification time.
    utimesSync(file, stamp, stamp)
    const after = statSync(file)
    expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs])
    for (const accept of ['br', 'gzip']) {
      const response = await fetchAs('/about', accept)
      expect(response.header('content-encoding')).toBe(accept)
      expect(decoded(response).toString()).toBe(changed)
    }
  })

  it('answers the new file after a file, and then the whole site, is swapped while serving, as publish:changed does', async () => {
    for (const accept of ['br', 'gzip']) expect(decoded(await fetchAs('/about', accept)).toString()).toBe(ABOUT_HTML)
    const renamed = `${ABOUT_HTML}<p>Renamed into place.</p>`
    writeFileSync(join(site, 'about/index.html.tmp'), renamed)
    renameSync(join(site, 'about/index.html.tmp'), join(site, 'about/index.html'))
    for (const accept of ['br', 'gzip']) expect(decoded(await fetchAs('/about', accept)).toString()).toBe(renamed)

    const next = builtSite()
    const published = `${ABOUT_HTML}<p>Published.</p>`
    writeFileSync(join(next, 'about/index.html'), published)
    renameSync(site, `${site}.old`)
    renameSync(next, site)
    rmSync(`${site}.old`, { recursive: true, force: true })
    for (const accept of ['br', 'gzip']) expect(decoded(await fetchAs('/about', accept)).toString()).toBe(published)
  })

  it('answers concurrent first requests alike, and plain requests with the file itself', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetchAs('/about', 'br')))
    for (const answer of answers) expect(decoded(answer).toString()).toBe(ABOUT_HTML)
    expect(new Set(answers.map((answer) => answer.body.toString('base64'))).size).toBe(1)
    const plain = await fetchAs('/about', 'identity')
    expect([plain.header('content-encoding'), plain.header('vary'), plain.body.toString()]).toEqual([
      undefined,
      'Accept-Encoding',
      ABOUT_HTML,
    ])
  })

  it('compresses small text when that makes it smaller, and sends it as it is when not', async () => {
    const data = `[${'{"_1":2,"_3":"about"},'.repeat(20)}0]`
    expect(data.length).toBeLessThan(1024)
    writeFileSync(join(site, 'about.data'), data)
    const small = await fetchAs('/about.data', 'gzip')
    expect([small.header('content-encoding'), small.header('content-type'), gunzipSync(small.body).toString()]).toEqual(
      ['gzip', 'text/x-script', data],
    )
    const tiny = await fetchAs('/', 'gzip')
    expect([tiny.header('content-encoding'), tiny.header('vary'), tiny.body.toString()]).toEqual([
      undefined,
      'Accept-Encoding',
      '<!doctype html><title>Home</title>',
    ])
  })

  it('keeps validators, 304s, HEAD and the not-found page as serve-static answers them', async () => {
    const first = await fetchAs('/about', 'br')
    const revalidated = await fetchAs('/about', 'br', { 'if-none-match': first.header('etag') ?? '' })
    expect([revalidated.status, revalidated.body.length]).toEqual([304, 0])
    const head = await rawRequest(served.origin, '/about', { method: 'HEAD', headers: { 'accept-encoding': 'br' } })
    expect([head.status, head.header('content-encoding'), head.header('content-length')]).toEqual([
      200,
      undefined,
      String(Buffer.byteLength(ABOUT_HTML)),
    ])
    const missing = await fetchAs('/nowhere', 'gzip')
    expect([missing.status, missing.header('content-security-policy'), missing.body.toString()]).toEqual([
      404,
      FRAMING,
      '<!doctype html><title>Not found</title>',
    ])
    const big404 = `<!doctype html><title>Not found</title>${'<p>Nothing here.</p>'.repeat(100)}`
    writeFileSync(join(site, '404.html'), big404)
    const compressed404 = await fetchAs('/nowhere', 'gzip')
    expect([
      compressed404.status,
      compressed404.header('content-encoding'),
      gunzipSync(compressed404.body).toString(),
    ]).toEqual([404, 'gzip', big404])
  })

  it('answers a range of the file uncompressed, from the same cache-filled server', async () => {
    await fetchAs('/assets/app-3f2a.js', 'br')
    const part = await fetchAs('/assets/app-3f2a.js', 'br', { range: 'bytes=5-14' })
    expect([part.status, part.header('content-encoding'), part.body.toString()]).toEqual([
      206,
      undefined,
      SCRIPT.slice(5, 15),
    ])
    expect(readFileSync(join(site, 'assets/app-3f2a.js'), 'utf8')).toBe(SCRIPT)
  })
})

describe('file errors', () => {
  it('answers 500 for a file that cannot be read, logs its error code alone, and keeps serving', async () => {
    const broken = builtSite()
    symlinkSync('loop', join(broken, 'loop'))
    const { handle } = createStaticHandler({ dir: broken, log: (event, fields) => logged.push({ event, fields }) })
    const { createServer } = await import('node:http')
    const http = createServer(handle)
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done))
    const address = http.address()
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    try {
      const failed = await rawRequest(origin, '/loop')
      expect([failed.status, failed.body.toString()]).toEqual([500, 'The file could not be read.\n'])
      expect(logged).toEqual([{ event: 'static file error', fields: { status: 500, code: 'ELOOP' } }])
      expect((await rawRequest(origin, '/about')).status).toBe(200)
    } finally {
      await new Promise((done) => http.close(done))
      rmSync(broken, { recursive: true, force: true })
    }
  })

  it('answers a missing page 404 when 404.html is gone while serving, and lives', async () => {
    const site = builtSite()
    const served = await startStaticServer({ dir: site })
    try {
      rmSync(join(site, '404.html'))
      const missing = await rawRequest(served.origin, '/nowhere')
      expect([missing.status, missing.body.toString()]).toEqual([404, 'Not found\n'])
      expect((await rawRequest(served.origin, '/about')).status).toBe(200)
    } finally {
      await served.close()
      rmSync(site, { recursive: true, force: true })
    }
  })

  it('starts only on a folder with index.html and 404.html', () => {
    const site = builtSite()
    try {
      rmSync(join(site, '404.html'))
      expect(() => createStaticHandler({ dir: site })).toThrow(HostingContractError)
      expect(() => createStaticHandler({ dir: site })).toThrow(
        `${site} is not a built site: it has no 404.html (the hosting contract needs index.html and 404.html); run \`pnpm build\` first`,
      )
      rmSync(join(site, 'index.html'))
      expect(() => createStaticHandler({ dir: site })).toThrow('it has no index.html and no 404.html')
    } finally {
      rmSync(site, { recursive: true, force: true })
    }
  })
})
