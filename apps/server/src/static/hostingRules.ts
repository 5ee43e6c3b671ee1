import { readFileSync, statSync } from 'node:fs'

export interface HeaderRule {
  pattern: RegExp
  headers: Array<[string, string]>
}

/** `_headers` rules: a path pattern line, then indented `Name: value` lines (`*` matches anything). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
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
      if (colon > 0) rules.at(-1)?.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
    }
  }
  return rules
}

/** The headers of the rules matching `path`, later rules overriding earlier ones, names in lower case. */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const rule of rules) {
    if (rule.pattern.test(path)) for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value
  }
  return headers
}

/**
 * Who may frame the site's pages: the `frame-ancestors` directive the build writes into every page's
 * policy (`'self'` when no rule has one), for HTML answered at an address with no page rule (the
 * not-found page, which boots the app and can navigate to any page inside a frame).
 */
export function framingPolicy(rules: HeaderRule[]): string {
  for (const rule of rules) {
    for (const [name, value] of rule.headers) {
      if (name.toLowerCase() !== 'content-security-policy') continue
      const directive = value
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith('frame-ancestors '))
      if (directive) return directive
    }
  }
  return "frame-ancestors 'self'"
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

/**
 * A file of the site, parsed again whenever it changes: `pnpm publish:changed` replaces the site while it
 * is served. A file that cannot be read (absent, or replaced mid-read) keeps the last parsed value.
 */
export function parsedWhileServed<T>(file: string, parse: (text: string) => T): () => T {
  let parsed = { version: 'never read', value: parse('') }
  return () => {
    try {
      const stat = statSync(file, { throwIfNoEntry: false })
      const version = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'absent'
      if (version !== parsed.version) parsed = { version, value: parse(stat ? readFileSync(file, 'utf8') : '') }
    } catch {
      // Read again on the next request.
    }
    return parsed.value
  }
}
