import { createHash } from 'node:crypto'
import type { SanityAuthConfig } from './leadConfig.ts'

/** What a signed-in Studio user may do with leads. */
export type LeadAccess = 'none' | 'read' | 'manage'

/** What Sanity said of a token: no session (unknown, expired, revoked), or a user and the access their roles give. */
export type SessionCheck = { signedIn: false } | { signedIn: true; access: LeadAccess }

/** Sanity could not say who a token belongs to (unreachable, timed out, an error or an answer that is no user). */
export class SanityUnavailableError extends Error {}

/** The current user as `GET /users/me` on the project's host answers it; `{}` when there is no session. */
interface SanityUser {
  id?: unknown
  role?: unknown
  roles?: unknown
}

const CACHE_MS = 30_000
const CACHE_SIZE = 1000

/**
 * Checks a Studio user's Sanity token where Sanity keeps its sessions: `GET /users/me` on the project's API
 * (`https://<projectId>.api.sanity.io`, or the local Content Lake, which answers for its editor token), as the
 * Studio itself asks it. A 401 or 403, or an answer without a user id, is no session; a user's project roles
 * (`roles[].name`, and the older single `role`) decide the access. Answers are kept 30 s per token (by its
 * hash), so a Studio listing leads does not ask Sanity on every request, and a removed role or a revoked
 * token counts within 30 s; concurrent requests with one token share one question. When Sanity cannot answer
 * (no connection, no answer in 5 s, 429, 5xx, anything that is not a user), the check throws
 * SanityUnavailableError and nothing is kept: the caller answers 503, and the next request asks again.
 */
export function sanityTokenChecker(config: SanityAuthConfig, fetchImpl: typeof fetch = fetch) {
  const cache = new Map<string, { check: Promise<SessionCheck>; until: number }>()
  const ask = async (token: string): Promise<SessionCheck> => {
    let response: Response
    try {
      response = await fetchImpl(`${config.apiOrigin}/v2025-02-19/users/me`, {
        headers: { authorization: `Bearer ${token}`, 'x-sanity-project-id': config.projectId },
        signal: AbortSignal.timeout(5_000),
      })
    } catch (error) {
      throw new SanityUnavailableError(`no answer (${error instanceof Error ? error.name : 'error'})`)
    }
    if (response.status === 401 || response.status === 403) return { signedIn: false }
    if (!response.ok) throw new SanityUnavailableError(`answered ${response.status}`)
    const user = (await response.json().catch(() => undefined)) as SanityUser | undefined
    if (typeof user !== 'object' || user === null) throw new SanityUnavailableError('answered something not a user')
    if (typeof user.id !== 'string' || !user.id) return { signedIn: false }
    return { signedIn: true, access: accessOf(user, config) }
  }
  return (token: string): Promise<SessionCheck> => {
    const key = createHash('sha256').update(token).digest('hex')
    const now = Date.now()
    const cached = cache.get(key)
    if (cached && cached.until > now) return cached.check
    cache.delete(key)
    const check = ask(token)
    cache.set(key, { check, until: now + CACHE_MS })
    // An outage is not kept: the next request asks Sanity again.
    check.catch(() => cache.get(key)?.check === check && cache.delete(key))
    for (const [oldest, entry] of cache) {
      if (cache.size <= CACHE_SIZE && entry.until > now) break
      cache.delete(oldest)
    }
    return check
  }
}

function accessOf(user: SanityUser, config: SanityAuthConfig): LeadAccess {
  const roles = new Set<string>()
  if (typeof user.role === 'string') roles.add(user.role)
  if (Array.isArray(user.roles)) {
    for (const role of user.roles as Array<{ name?: unknown }>) {
      if (typeof role?.name === 'string') roles.add(role.name)
    }
  }
  if (config.manageRoles.some((role) => roles.has(role))) return 'manage'
  if (config.readRoles.some((role) => roles.has(role))) return 'read'
  return 'none'
}
