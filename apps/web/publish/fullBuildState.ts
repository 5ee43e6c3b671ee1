import { variantRoute } from '@site/leads/experiments'
import { getContentClient } from '../app/content/client.server'
import type { ExperimentPlan } from '../app/content/experiments.server'
import type { SiteRoute } from '../app/content/paths.server'
import { ROUTE_DOCUMENTS_QUERY } from '../app/content/queries'
import type { PublishState, VariantPage } from './publishState.ts'
import { referencedIds } from './routeDependencies.ts'

/** What a full build published, which the next `publish:changed` starts from (publish/publishState.ts). */
export async function fullBuildState({
  routes,
  policies,
  images,
  plans,
  ...configuration
}: Omit<PublishState, 'routes' | 'experiments'> & {
  routes: SiteRoute[]
  /** The experiments whose variant pages the build rendered. */
  plans: ExperimentPlan[]
  policies: Map<string, string>
  /** The image variants each route's page names. */
  images: (path: string) => string[]
}): Promise<PublishState> {
  const client = await getContentClient()
  const documents = await client.fetch(ROUTE_DOCUMENTS_QUERY, { ids: null })
  const shows = new Map(documents.map((document) => [document._id, referencedIds(document)]))
  const published: PublishState['routes'] = {}
  for (const { path, documentId } of routes) {
    const policy = policies.get(path)
    if (policy === undefined) throw new Error(`The build published no page for ${path}`)
    published[path] = { document: documentId, shows: shows.get(documentId) ?? [], policy, images: images(path) }
  }
  const pages: Record<string, VariantPage> = {}
  for (const plan of plans)
    for (const { key, control } of plan.variants) {
      if (control) continue
      const route = variantRoute(plan.id, key)
      const policy = policies.get(route)
      if (policy === undefined) throw new Error(`The build published no page for ${route}`)
      pages[route] = { policy, images: images(route) }
    }
  return { ...configuration, routes: published, experiments: { plans, pages } }
}
