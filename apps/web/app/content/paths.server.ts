import { getContentClient } from './client.server'
import { experimentPass, experimentPlans, passPaths } from './experiments.server'
import { ROUTE_PATHS_QUERY } from './queries'
import { validateRoutePaths } from './validation/validateContent'

/** Prerendered (not routed) path of the not-found page; the build publishes it as dist/404.html. */
export const NOT_FOUND_PRERENDER_PATH = '/__not-found'

export interface SiteRoute {
  path: string
  /** The page or resource document the route shows. */
  documentId: string
}

export interface SiteRedirect {
  from: string
  to: string
  permanent: boolean
}

/** What the build needs besides the pages themselves: every route, the URLs of embedded documents, the redirects. */
export async function loadSiteManifest(): Promise<{
  routes: SiteRoute[]
  routePaths: string[]
  embedUrls: string[]
  redirects: SiteRedirect[]
}> {
  const client = await getContentClient()
  const { pages, resources, embedUrls, redirects } = validateRoutePaths(await client.fetch(ROUTE_PATHS_QUERY))
  const routes = [
    ...pages.map(({ _id, path }) => ({ path: path ?? '', documentId: _id })),
    ...resources.map(({ _id, slug }) => ({ path: `/resources/${slug}`, documentId: _id })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return {
    routes,
    routePaths: routes.map(({ path }) => path),
    embedUrls: embedUrls.filter((url): url is string => Boolean(url)),
    // Validated: every redirect has both addresses.
    redirects: redirects.map(({ from, to, permanent }) => ({
      from: from ?? '',
      to: to ?? '',
      permanent: permanent !== false,
    })),
  }
}

export async function listRoutePaths(): Promise<string[]> {
  return (await loadSiteManifest()).routePaths
}

export async function listPrerenderPaths(): Promise<string[]> {
  const pass = experimentPass()
  // An experiment pass renders only the pages with a variant that far (docs/experiments.md), and one page of
  // each route module besides, which React Router needs prerendered when there is no server.
  if (pass) return [...new Set(['/', ...passPaths(await experimentPlans(), pass), NOT_FOUND_PRERENDER_PATH])]
  return [...(await listRoutePaths()), NOT_FOUND_PRERENDER_PATH]
}
