import { getContentClient } from './client.server'
import { ROUTE_PATHS_QUERY } from './queries'
import { validateRoutePaths } from './validation/validateContent'

/** Prerendered (not routed) path of the not-found page; the build publishes it as dist/404.html. */
export const NOT_FOUND_PRERENDER_PATH = '/__not-found'

/** What the build needs besides the pages themselves: every route, and the URLs of embedded documents. */
export async function loadSiteManifest(): Promise<{ routePaths: string[]; embedUrls: string[] }> {
  const client = await getContentClient()
  const { pages, resources, embedUrls } = validateRoutePaths(await client.fetch(ROUTE_PATHS_QUERY))
  return { routePaths: routePaths(pages, resources), embedUrls: embedUrls.filter((url): url is string => Boolean(url)) }
}

export async function listRoutePaths(): Promise<string[]> {
  return (await loadSiteManifest()).routePaths
}

function routePaths(pages: Array<{ path: string | null }>, resources: Array<{ slug: string | null }>): string[] {
  return [...pages.map(({ path }) => path ?? ''), ...resources.map(({ slug }) => `/resources/${slug}`)].sort()
}

export async function listPrerenderPaths(): Promise<string[]> {
  return [...(await listRoutePaths()), NOT_FOUND_PRERENDER_PATH]
}
