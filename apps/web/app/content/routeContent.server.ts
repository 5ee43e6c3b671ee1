import { getContentClient } from './client.server'
import { type ShownExperiment, type VariantRequest, withExperiment } from './experiments.server'
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
  variant: VariantRequest = 'control',
): Promise<ROUTE_QUERY_RESULT & { experiment?: ShownExperiment; inPass: boolean }> {
  const client = await getContentClient()
  const raw = await client.fetch(ROUTE_QUERY, { path: normaliseRoutePath(pathname) })
  // A running experiment's variant changes the page before it is checked, as the page itself is.
  const shown = raw.page ? await withExperiment(raw.page, variant) : undefined
  const content = validateRouteContent(shown ? { ...raw, page: shown.page } : raw, policy)
  return { ...content, experiment: shown?.experiment, inPass: shown?.inPass ?? false }
}
