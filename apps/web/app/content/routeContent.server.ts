import { getContentClient } from './client.server'
import { ROUTE_QUERY } from './queries'
import type { ROUTE_QUERY_RESULT } from './sanity.types'
import { type MalformedContentPolicy, malformedContentPolicy } from './validation/policy'
import { validateRouteContent } from './validation/validateContent'

/** Routes match case-insensitively and with or without a trailing slash. */
export function normaliseRoutePath(pathname: string): string {
  const lower = pathname.toLowerCase().replace(/\/+$/, '')
  return lower === '' ? '/' : lower
}

/** The route's content, checked against the content schemas (see validation/policy.ts for what a failure does). */
export async function fetchRouteContent(
  pathname: string,
  policy: MalformedContentPolicy = malformedContentPolicy(),
): Promise<ROUTE_QUERY_RESULT> {
  const client = await getContentClient()
  const raw: unknown = await client.fetch(ROUTE_QUERY, { path: normaliseRoutePath(pathname) })
  return validateRouteContent(raw, policy)
}
