// The rules for redirects: pure functions, so the site's build applies the very rules the Studio shows
// (exported as @site/schemas/redirectRules).

export interface RedirectRule {
  _id: string
  from: string | null
  to: string | null
}

export interface RedirectProblem {
  /** The redirect document. */
  id: string
  field: 'from' | 'to'
  message: string
}

/** An old address: a path of this site, as visitors, links and search results still have it. */
export function validateRedirectFrom(from: string): true | string {
  if (!from.startsWith('/')) return 'The old address must be a path of this site, starting with "/"'
  if (from === '/') return 'The home page cannot be redirected'
  if (/[\s?#*]/.test(from)) return 'Use the path alone: no spaces, query string (?), fragment (#) or wildcard (*)'
  return true
}

/** Where a redirect leads: a path of this site, or an https:// address elsewhere. */
export function validateRedirectTo(to: string): true | string {
  if (to.startsWith('/')) return /[\s*]/.test(to) ? 'The new address must not contain spaces or wildcards' : true
  if (/^https:\/\/[^\s/]+\.[^\s]+$/.test(to)) return true
  return 'The new address must be a path of this site ("/about") or an https:// address'
}

/** The form in which addresses are compared: hosts match paths with or without a trailing slash. */
export function addressKey(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '').toLowerCase() : path
}

/**
 * What is wrong with a set of redirects, given the addresses of the site's pages and resources: an old
 * address that is a live page (the redirect would hide it), two redirects from one address, a redirect
 * to itself, to an address of this site that is not a page, or to another redirect (a chain: visitors
 * and search engines would take two hops, and a loop never ends).
 */
export function redirectProblems(redirects: RedirectRule[], routes: Iterable<string>): RedirectProblem[] {
  const live = new Set([...routes].map(addressKey))
  const byFrom = new Map<string, string>()
  const problems: RedirectProblem[] = []
  for (const { _id, from } of redirects) {
    if (!from) continue
    const key = addressKey(from)
    const owner = byFrom.get(key)
    if (owner) problems.push({ id: _id, field: 'from', message: `${from} is already redirected by ${owner}` })
    else byFrom.set(key, _id)
    if (live.has(key))
      problems.push({
        id: _id,
        field: 'from',
        message: `${from} is the address of a page or resource: remove the redirect or move the page`,
      })
  }
  for (const { _id, from, to } of redirects) {
    if (!from || !to?.startsWith('/')) continue
    const target = addressKey(to)
    if (target === addressKey(from))
      problems.push({ id: _id, field: 'to', message: 'A redirect cannot lead to its own address' })
    // A redirect from a live page is reported above; its page still answers, so leading there is fine.
    else if (byFrom.has(target) && !live.has(target))
      problems.push({
        id: _id,
        field: 'to',
        message: `${to} is itself redirected (by ${byFrom.get(target)}): lead straight to where that one goes`,
      })
    else if (!live.has(target))
      problems.push({ id: _id, field: 'to', message: `${to} is not the address of a page or resource` })
  }
  return problems
}

/**
 * The redirects to save when a page or resource moves from `oldAddress` to `newAddress`: a permanent one
 * from the old address, existing ones that led to the old address now leading to the new one (no
 * chain), and none left from the new address (it is a page again).
 */
export function redirectsForMove(
  oldAddress: string,
  newAddress: string,
  existing: Array<RedirectRule & { permanent?: boolean | null }>,
): { save: Array<{ _id?: string; from: string; to: string; permanent: boolean }>; remove: string[] } {
  const oldKey = addressKey(oldAddress)
  const newKey = addressKey(newAddress)
  if (oldKey === newKey) return { save: [], remove: [] }
  const remove = existing.filter(({ from }) => from && addressKey(from) === newKey).map(({ _id }) => _id)
  const save: Array<{ _id?: string; from: string; to: string; permanent: boolean }> = existing
    .filter(({ from, to }) => from && to && addressKey(to) === oldKey && addressKey(from) !== newKey)
    .map(({ _id, from, permanent }) => ({ _id, from: from as string, to: newAddress, permanent: permanent ?? true }))
  const fromOld = existing.find(({ from }) => from && addressKey(from) === oldKey)
  save.push({ ...(fromOld ? { _id: fromOld._id } : {}), from: oldAddress, to: newAddress, permanent: true })
  return { save, remove }
}
