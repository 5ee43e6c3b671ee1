import { existsSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, resolve } from 'node:path'
import { EXPERIMENTS_MANIFEST_FILE, routeDataAddress, VARIANT_ROUTE_PREFIX } from '@site/leads/experiments'
import serveStatic from 'serve-static'
import { canonicalAddress, splitRequestTarget } from './canonicalAddress.ts'
import { createCompressedAnswers } from './compressedAnswers.ts'
import { parseExperimentsManifest, SPLIT_PAGE_CACHE_CONTROL, variantForView } from './experimentSplit.ts'
import { framingPolicy, headersFor, parsedWhileServed, parseHeadersFile, parseRedirectsFile } from './hostingRules.ts'

/** The files without which a folder is not a site by the hosting contract (docs/hosting.md, "Hosting contract"). */
const REQUIRED_FILES = ['index.html', '404.html']

/** The host's configuration, read by the server and never served. */
const HOSTING_CONFIGURATION = new Set(['/_headers', '/_redirects', `/${EXPERIMENTS_MANIFEST_FILE}`])

/** The not-found page is answered with 404 at any address, its own included. */
const NOT_FOUND_PAGE = '/404.html'
const NOT_FOUND_ADDRESSES = new Set([NOT_FOUND_PAGE, '/404'])

export interface StaticServer {
  origin: string
  dir: string
  close: () => Promise<void>
}

/** The folder misses a file the hosting contract needs: the server does not start. */
export class HostingContractError extends Error {}

type StaticLog = (event: string, fields: Record<string, string | number>) => void

const stderrLog: StaticLog = (event, fields) =>
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', event, ...fields })}\n`)

function assertHostingContract(dir: string): void {
  const missing = REQUIRED_FILES.filter((file) => !statSync(join(dir, file), { throwIfNoEntry: false })?.isFile())
  if (missing.length > 0)
    throw new HostingContractError(
      `${dir} is not a built site: it has no ${missing.join(' and no ')} (the hosting contract needs index.html and 404.html); run \`pnpm build\` first`,
    )
}

/**
 * Answers requests from a built site by the hosting contract. The files themselves (validators, 304s,
 * ranges, dotfiles, content types) are serve-static's; this module keeps the contract's rules: one
 * canonical address per page, `_redirects`, `_headers`, pretty URLs and the 404 page.
 * `compress`: gzip or brotli for text, as production hosts do, each version of a file compressed once.
 */
export function createStaticHandler(options: { dir: string; compress?: boolean; log?: StaticLog }) {
  const dir = resolve(options.dir)
  assertHostingContract(dir)
  const log = options.log ?? stderrLog
  const headerRules = parsedWhileServed(join(dir, '_headers'), parseHeadersFile)
  const redirects = parsedWhileServed(join(dir, '_redirects'), parseRedirectsFile)
  const experiments = parsedWhileServed(join(dir, EXPERIMENTS_MANIFEST_FILE), parseExperimentsManifest)

  const compressed = options.compress ? createCompressedAnswers() : undefined

  // serve-static takes one header callback for all requests: each answer's own headers wait here.
  const answerHeaders = new WeakMap<ServerResponse, Record<string, string>>()
  const setHeaders = (res: ServerResponse, file: string) => {
    compressed?.hold(res, file)
    const headers = answerHeaders.get(res) ?? {}
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    // React Router's route data: the client reads it by this type.
    if (extname(file) === '.data') res.setHeader('content-type', 'text/x-script')
    // Every HTML answer keeps the site out of other sites' frames, whatever rule its address matched.
    if (extname(file) === '.html' && !/frame-ancestors/.test(headers['content-security-policy'] ?? ''))
      res.setHeader('content-security-policy', [
        ...(headers['content-security-policy'] ? [headers['content-security-policy']] : []),
        framingPolicy(headerRules()),
      ])
  }
  const common = { index: false, redirect: false, extensions: false, dotfiles: 'ignore', cacheControl: false } as const
  const files = serveStatic<ServerResponse>(dir, { ...common, setHeaders })
  const notFoundPage = serveStatic<ServerResponse>(dir, {
    ...common,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders,
  })
  // A split page's answer has no validators: a revalidation with one variant's ETag must not pin it.
  const splitPage = serveStatic<ServerResponse>(dir, { ...common, etag: false, lastModified: false, setHeaders })
  /** Hands the file at `href` to serve-static; false when there is no such file. */
  const sendFile = (
    handler: typeof files,
    req: IncomingMessage,
    res: ServerResponse,
    href: string,
    headers: Record<string, string>,
  ) =>
    new Promise<boolean>((done) => {
      answerHeaders.set(res, headers)
      req.url = href
      res.once('close', () => done(true))
      handler(req, res, (error) => {
        if (!error || error.status === 404) return done(false)
        done(true)
        answerFileError(res, error)
      })
    })

  const answerFileError = (res: ServerResponse, error: { status: number; code?: unknown; headers?: unknown }) => {
    if (res.headersSent) {
      res.destroy()
      return
    }
    if (error.status < 500) {
      // 412 and 416 are answers to the request's own preconditions and ranges.
      const headers = error.headers && typeof error.headers === 'object' ? error.headers : {}
      res.writeHead(error.status, { 'cache-control': 'no-cache', ...headers }).end()
      return
    }
    log('static file error', { status: error.status, code: typeof error.code === 'string' ? error.code : 'none' })
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' })
    res.end('The file could not be read.\n')
  }

  /** 404, or 410 for an unpublished page's address (a `_redirects` line with status 410), with the 404 page. */
  const notFound = async (req: IncomingMessage, res: ServerResponse, status: 404 | 410 = 404) => {
    res.statusCode = status
    const headers = { 'cache-control': 'no-cache', ...headersFor(headerRules(), NOT_FOUND_PAGE) }
    if (await sendFile(notFoundPage, req, res, NOT_FOUND_PAGE, headers)) return
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' })
    res.end(status === 410 ? 'Gone\n' : 'Not found\n')
  }

  const redirect = (res: ServerResponse, status: number, location: string) => {
    res.writeHead(status, { location, 'cache-control': 'no-cache' }).end()
  }

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    // publish:changed puts the new site in place with two renames: a request between them waits for it.
    for (let waited = 0; waited < 1000 && !existsSync(dir); waited += 10) await new Promise((w) => setTimeout(w, 10))
    const target = splitRequestTarget(req.url ?? '/')
    if (!target) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request\n')
      return
    }
    const address = canonicalAddress(target.path)
    if (!address) return notFound(req, res)
    const moved = redirects().get(address.path)
    if (moved?.status === 410) return notFound(req, res, 410)
    if (moved) return redirect(res, moved.status, moved.to)
    if (address.href !== target.path) return redirect(res, 301, address.href + target.query)
    if (HOSTING_CONFIGURATION.has(address.path) || NOT_FOUND_ADDRESSES.has(address.path)) return notFound(req, res)
    // A variant's page is reached at its experiment's page only: one address per page.
    if (address.path.startsWith(VARIANT_ROUTE_PREFIX)) return notFound(req, res)

    const split = experiments()
    const experiment = split.pages.get(address.path)
    if (experiment) {
      const { route } = variantForView(experiment)
      const headers = { ...headersFor(headerRules(), route), 'cache-control': SPLIT_PAGE_CACHE_CONTROL }
      const href = `${route === '/' ? '' : route}/index.html`
      if (await sendFile(splitPage, req, res, href, headers)) return
      return notFound(req, res)
    }
    // A client navigation to a split page fetches its data: split by the weights too, or every visitor who
    // reaches the page through a link would see the control.
    const dataOf = split.data.get(address.path)
    if (dataOf) {
      const { route } = variantForView(dataOf)
      const headers = { ...headersFor(headerRules(), address.path), 'cache-control': SPLIT_PAGE_CACHE_CONTROL }
      if (await sendFile(splitPage, req, res, routeDataAddress(route), headers)) return
      return notFound(req, res)
    }

    const headers = {
      'cache-control': address.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...headersFor(headerRules(), address.path),
    }
    // Pretty URLs: /x/y is the file x/y, else x/y/index.html, else x/y.html. A page is a folder's
    // index.html, so an address without an extension looks there first: x/y cannot be both a file and a
    // folder, and a failed look-up costs a stat.
    const index = `${address.href.replace(/\/$/, '')}/index.html`
    const candidates =
      address.href === '/'
        ? [index]
        : extname(address.path)
          ? [address.href, index]
          : [index, address.href, `${address.href}.html`]
    for (const href of candidates) if (await sendFile(files, req, res, href, headers)) return
    return notFound(req, res)
  }

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    serve(req, res).catch((error: unknown) =>
      answerFileError(res, { status: 500, code: error instanceof Error ? error.name : undefined }),
    )
  }
  return { dir, handle }
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
