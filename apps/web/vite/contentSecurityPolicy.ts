import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { htmlFiles } from './htmlFiles.ts'

export interface CspSources {
  /** Where the browser may send requests besides the site: a direct build's webhooks, the Sanity API host when configured. */
  connect: string[]
  /** Where iframes may load from: the hosts of the embedded policy documents. */
  frame: string[]
  /** Who may frame the site: the Studio, for visual editing. Header only (ignored in a meta tag). */
  frameAncestors: string[]
}

/** The policy's external sources, from the build's configuration and the documents the content embeds. */
export function cspSourcesFromConfig(env: Record<string, string | undefined>, embedUrls: string[]): CspSources {
  // Only a direct build's browser calls the webhooks; by default forms post to the site itself ('self').
  const webhooks =
    env.VITE_LEAD_DELIVERY === 'direct'
      ? ['VITE_CONTACT_WEBHOOK_URL', 'VITE_GUIDE_WEBHOOK_URL', 'VITE_QUALIFY_WEBHOOK_URL', 'VITE_GIVEAWAY_WEBHOOK_URL']
      : []
  const sanityApi = env.SANITY_PROJECT_ID
    ? [`https://${env.SANITY_PROJECT_ID}.api.sanity.io`, `https://${env.SANITY_PROJECT_ID}.apicdn.sanity.io`]
    : []
  const defined = (values: Array<string | undefined>) => values.filter((value): value is string => Boolean(value))
  return {
    connect: [...defined(webhooks.map((name) => originOf(env[name]))), ...sanityApi],
    frame: defined(embedUrls.map(originOf)),
    frameAncestors: defined([originOf(env.SANITY_STUDIO_URL || 'http://localhost:3333')]),
  }
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g

/** sha256 sources for the inline scripts of a page (JSON-LD data blocks are not executed, so not listed). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/type="application\/ld\+json"/.test(attributes)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * The site's Content Security Policy. Styles need 'unsafe-inline': styled-components writes its rules
 * into <style> elements at run time, and a static site has no per-request nonce to give it.
 */
export function contentSecurityPolicy(
  scriptHashes: string[],
  sources: CspSources,
  { forMetaTag = false } = {},
): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Images uploaded to a hosted Sanity project are on its CDN (on the embedded content, under /images).
    ['img-src', ["'self'", 'data:', 'https://cdn.sanity.io']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...sources.connect]],
    ['frame-src', sources.frame.length > 0 ? sources.frame : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ...(forMetaTag ? [] : ([['frame-ancestors', ["'self'", ...sources.frameAncestors]]] as Array<[string, string[]]>)),
  ]
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ')
}

/** The origin of a URL from configuration or content, or undefined when it is empty or not http(s). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const { protocol, origin } = new URL(url)
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined
  } catch {
    return undefined
  }
}

/** A page with its policy: a <meta> tag first in <head>, and the header value for its route. */
export function securePage(html: string, sources: CspSources): { html: string; policy: string } {
  const hashes = inlineScriptHashes(html)
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(hashes, sources, { forMetaTag: true })}"/>`
  return { html: html.replace('<head>', `<head>${meta}`), policy: contentSecurityPolicy(hashes, sources) }
}

/** Headers every path gets, after the deploy's own (`siteWideHeaders`). */
const SECURITY_HEADERS = [
  'X-Content-Type-Options: nosniff',
  'Referrer-Policy: strict-origin-when-cross-origin',
  'Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=()',
]

/**
 * The `_headers` file (Netlify/Cloudflare format, honoured by apps/server/src/static/staticServer.ts): the site-wide
 * headers, then each route's policy, with and without a trailing slash, in route order so that the same
 * routes always give the same file.
 */
export function headersFile(siteWideHeaders: string[], policies: Map<string, string>): string {
  const lines = ['/*', ...[...siteWideHeaders, ...SECURITY_HEADERS].map((header) => `  ${header}`)]
  for (const route of [...policies.keys()].sort()) {
    const header = `  Content-Security-Policy: ${policies.get(route)}`
    lines.push(route, header)
    if (route !== '/') lines.push(`${route}/`, header)
  }
  return `${lines.join('\n')}\n`
}

/**
 * Gives every page of the built site its policy, twice: a <meta> tag first in <head> (any static host
 * honours it, including for 404.html) and a `_headers` rule per route, which can also carry
 * frame-ancestors. Returns each route's policy.
 */
export function applyContentSecurityPolicy(
  dist: string,
  sources: CspSources,
  {
    finishHtml = (html) => html,
    siteWideHeaders = [],
  }: {
    /** A last rewrite of each page before its scripts are hashed, in the same pass over the files. */
    finishHtml?: (html: string, file: string) => string
    /** More `Name: value` headers for every path. */
    siteWideHeaders?: string[]
  } = {},
): Map<string, string> {
  const policies = new Map<string, string>()
  for (const file of htmlFiles(dist)) {
    const { html, policy } = securePage(finishHtml(readFileSync(file, 'utf8'), file), sources)
    writeFileSync(file, html)
    const route = routeOfFile(dist, file)
    if (route) policies.set(route, policy)
  }
  writeFileSync(join(dist, '_headers'), headersFile(siteWideHeaders, policies))
  return policies
}

/** `dist/x/y/index.html` → `/x/y`; `dist/index.html` → `/`; other HTML files (404.html) have no route. */
function routeOfFile(dist: string, file: string): string | undefined {
  const relativePath = relative(dist, file).split(sep).join('/')
  if (relativePath === 'index.html') return '/'
  return relativePath.endsWith('/index.html') ? `/${relativePath.slice(0, -'/index.html'.length)}` : undefined
}
