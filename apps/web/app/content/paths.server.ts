import { getContentClient } from './client.server'
import { ROUTE_PATHS_QUERY } from './queries'

/** Prerendered (not routed) path of the not-found page; the build publishes it as dist/404.html. */
export const NOT_FOUND_PRERENDER_PATH = '/__not-found'

export async function listRoutePaths(): Promise<string[]> {
  const client = await getContentClient()
  const { pages, resources } = await client.fetch(ROUTE_PATHS_QUERY)
  const paths = [...pages, ...resources.map((slug) => (slug ? `/resources/${slug}` : null))]
  return paths.filter((path): path is string => Boolean(path)).sort()
}

export async function listPrerenderPaths(): Promise<string[]> {
  return [...(await listRoutePaths()), NOT_FOUND_PRERENDER_PATH]
}
