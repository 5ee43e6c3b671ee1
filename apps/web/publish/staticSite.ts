import { cpSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SiteRedirect } from '../app/content/paths.server'
import { applyContentSecurityPolicy, type CspSources } from '../vite/contentSecurityPolicy.ts'
import { loadScriptsAfterFirstPaint } from '../vite/loadScriptsAfterFirstPaint.ts'

/**
 * The hosting contract: the static site is `dist/`, a route `/x/y` is `dist/x/y/index.html`, and
 * unknown paths get `dist/404.html` (the prerendered not-found page, which also boots the SPA).
 * Also writes the sitemap and robots.txt for the routes the content defines, makes every page load its
 * scripts after its first paint, and applies the security policy. Returns each route's policy and the
 * headers every path gets, which the publisher keeps (publish/fullBuildState.ts).
 */
export function publishStaticSite({
  clientBuildDir,
  outDir: dist,
  routePaths,
  redirects,
  siteUrl,
  csp,
  indexable = true,
}: {
  /** React Router's client build (`build/client`). */
  clientBuildDir: string
  /** Where the site is assembled: beside the published one (`dist/` unless SITE_OUT_DIR says otherwise), then switched in. */
  outDir: string
  routePaths: string[]
  redirects: SiteRedirect[]
  siteUrl: string
  csp: CspSources
  /** False for the preview build: it shows drafts, so search engines are told to stay away. */
  indexable?: boolean
}): { policies: Map<string, string>; siteWideHeaders: string[] } {
  rmSync(dist, { recursive: true, force: true })
  cpSync(clientBuildDir, dist, { recursive: true })
  const notFound = join(dist, '__not-found')
  renameSync(join(notFound, 'index.html'), join(dist, '404.html'))
  rmSync(notFound, { recursive: true, force: true })
  rmSync(join(dist, '__not-found.data'), { force: true })
  rmSync(join(dist, '__spa-fallback.html'), { force: true })
  writeFileSync(join(dist, '_redirects'), redirectsFile(redirects))
  if (indexable) {
    writeFileSync(join(dist, 'sitemap.xml'), sitemapXml(routePaths, siteUrl))
    writeFileSync(join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`)
  } else {
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n')
  }
  // The policy hashes each page's inline scripts, so it sees the rewritten bootstrap.
  const siteWideHeaders = indexable ? [] : ['X-Robots-Tag: noindex, nofollow']
  const policies = applyContentSecurityPolicy(dist, csp, { finishHtml: loadScriptsAfterFirstPaint, siteWideHeaders })
  return { policies, siteWideHeaders }
}

export function sitemapXml(routePaths: string[], siteUrl: string): string {
  const urls = routePaths.map((path) => `  <url><loc>${siteUrl}${path === '/' ? '/' : path}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/**
 * The redirects in the hosts' `_redirects` format (Netlify, Cloudflare Pages; honoured by `pnpm serve`),
 * each old address with and without a trailing slash, sorted so the same redirects give the same file.
 */
export function redirectsFile(redirects: SiteRedirect[], gone: string[] = []): string {
  const redirected = new Set(redirects.map(({ from }) => from.replace(/\/+$/, '') || '/'))
  const lines = [
    ...redirects.map(({ from, to, permanent }) => ({ from, to, status: permanent ? 301 : 302 })),
    // An address a Studio redirect sends elsewhere is not gone.
    ...gone.filter((path) => !redirected.has(path)).map((from) => ({ from, to: '/404.html', status: GONE })),
  ]
    .flatMap(({ from, to, status }) => [`${from} ${to} ${status}`, `${from.replace(/\/+$/, '')}/ ${to} ${status}`])
    .sort()
  return ['# Redirects edited in the Studio (Redirects), written by the build', ...lines, ''].join('\n')
}

/**
 * 410 Gone: a page that was published and then unpublished (by hand or by a release, docs/releases.md). Its
 * address says the page was removed on purpose, with the not-found page as the body, so that search engines
 * drop it; a page that never existed answers 404.
 */
const GONE = 410

/**
 * The addresses a publish leaves gone: those gone before (the live `_redirects`' 410 lines), and those it
 * removes, less the ones it publishes again.
 */
export function goneAfterPublish(liveRedirects: string, removed: string[], published: string[]): string[] {
  const before = liveRedirects
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .flatMap(([from, , status]) => (from && status === String(GONE) && !from.endsWith('/') ? [from] : []))
  const back = new Set(published)
  return [...new Set([...before, ...removed])].filter((path) => !back.has(path) && path !== '/').sort()
}
