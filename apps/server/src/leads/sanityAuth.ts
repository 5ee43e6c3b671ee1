import { createHash } from 'node:crypto'
import type { SanityAuthConfig } from './leadConfig.ts'

/** What a signed-in Studio user may do with leads. */
export type LeadAccess = 'none' | 'read' | 'manage'

interface SanityUser {
  id?: string
  role?: string
  roles?: Array<{ name?: string }>
}

const CACHE_MS = 30_000

/**
 * Checks a Studio user's Sanity token where Sanity keeps its sessions: `GET /users/me` on the project's API
 * (or on the local Content Lake, which answers for its editor token). The project roles the answer names
 * decide the access; an unknown token (Sanity answers `{}`) has none. Answers are kept 30 s per token
 * (by its hash), so a Studio listing leads does not ask Sanity on every request.
 */
export function sanityTokenChecker(config: SanityAuthConfig, fetchImpl: typeof fetch = fetch) {
  const cache = new Map<string, { access: LeadAccess; until: number }>()
  return async (token: string): Promise<LeadAccess> => {
    const key = createHash('sha256').update(token).digest('hex')
    const cached = cache.get(key)
    if (cached && cached.until > Date.now()) return cached.access
    let access: LeadAccess = 'none'
    try {
      const response = await fetchImpl(`${config.apiOrigin}/v2025-02-19/users/me`, {
        headers: { authorization: `Bearer ${token}`, 'x-sanity-project-id': config.projectId },
        signal: AbortSignal.timeout(5_000),
      })
      if (response.ok) access = accessOf((await response.json()) as SanityUser, config)
    } catch {
      return 'none' // Sanity unreachable: not cached, asked again next time
    }
    cache.set(key, { access, until: Date.now() + CACHE_MS })
    if (cache.size > 1000) cache.delete(cache.keys().next().value as string)
    return access
  }
}

function accessOf(user: SanityUser, config: SanityAuthConfig): LeadAccess {
  if (!user.id) return 'none'
  const roles = new Set([user.role, ...(user.roles ?? []).map((role) => role.name)].filter(Boolean))
  if (config.manageRoles.some((role) => roles.has(role))) return 'manage'
  if (config.readRoles.some((role) => roles.has(role))) return 'read'
  return 'none'
}
