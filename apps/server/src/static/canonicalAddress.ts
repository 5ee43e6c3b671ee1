/**
 * One address per page: the spelling a request's path is redirected to before anything is served, so that
 * the `_headers` rule of a page (its Content-Security-Policy, frame-ancestors) cannot be skipped by another
 * spelling of the same file: `/about/index.html`, `/about.html`, `/%61bout`, `/about//` and `/a/../about`
 * are all `/about`.
 */
export interface CanonicalAddress {
  /** Decoded path, matched against `_headers` and `_redirects` rules: `/resources/scaling-guide`. */
  path: string
  /** The same path percent-encoded as a browser sends it, for `Location` and for the file lookup. */
  href: string
}

/**
 * The canonical address of a request target (`req.url`), or undefined when it names no file of the site:
 * invalid percent-encoding, an encoded `/` or NUL inside a segment.
 */
export function canonicalAddress(rawPath: string): CanonicalAddress | undefined {
  const segments: string[] = []
  for (const raw of rawPath.split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(bytesAsPercent(raw))
    } catch {
      return undefined
    }
    if (segment.includes('/') || segment.includes('\0')) return undefined
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  const last = segments.at(-1)
  if (last === 'index.html') segments.pop()
  else if (last?.endsWith('.html') && !(segments.length === 1 && last === '404.html'))
    segments[segments.length - 1] = last.slice(0, -'.html'.length)
  return {
    path: `/${segments.join('/')}`,
    href: `/${segments.map(encodeSegment).join('/')}`,
  }
}

/** The path and query of a request target; an absolute-form target (`GET http://host/x`) gives its path. */
export function splitRequestTarget(url: string): { path: string; query: string } | undefined {
  const target = /^https?:\/\//i.test(url) ? url.replace(/^https?:\/\/[^/?#]*/i, '') || '/' : url
  if (!target.startsWith('/')) return undefined
  const mark = target.indexOf('?')
  return mark === -1 ? { path: target, query: '' } : { path: target.slice(0, mark), query: target.slice(mark) }
}

// Node reads the request line as latin1: raw bytes over 0x7f become their percent form, to decode as UTF-8.
function bytesAsPercent(raw: string): string {
  return raw.replace(/[\u0080-\u00ff]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

// encodeURIComponent, keeping the sub-delimiters a path may carry as they are; `\` stays encoded, so no
// `Location` can read as `//host` to a browser.
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(21|24|26|27|28|29|2A|2B|2C|3A|3B|3D|40)/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  )
}
