import { SINGLETON_TYPES } from '@site/schemas/constants'
import type { SiteRoute } from '../app/content/paths.server'
import type { PublishedRoute } from './publishState.ts'

/**
 * Which published routes a change of some documents touches. A route shows its own page or resource
 * document, every document that document references (the route query follows references: testimonials,
 * FAQs, comparison rows, legal embeds, the resource grid's articles), and the site settings. Nothing
 * else: tests/unit/routeDependencies.test.ts changes every document of the seed and checks that each
 * route whose query result changed is one this map names.
 */

/** Singletons (the site settings) are shown on every route. */
const EVERY_ROUTE = new Set<string>(SINGLETON_TYPES)

/** The ids a document references, anywhere in it, sorted and without repeats. */
export function referencedIds(document: unknown): string[] {
  const ids = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') {
      for (const [key, field] of Object.entries(value)) {
        if (key === '_ref' && typeof field === 'string') ids.add(field)
        else visit(field)
      }
    }
  }
  visit(document)
  return [...ids].sort()
}

export type RouteDocuments = Record<string, Pick<PublishedRoute, 'document' | 'shows'>>

/**
 * The routes of the current content with what each shows: re-read for the changed documents, kept from
 * the previous publish for the others (their references did not change).
 */
export function routeDocumentsAfter(
  routes: SiteRoute[],
  before: RouteDocuments,
  changedDocuments: Array<{ _id: string }>,
): RouteDocuments {
  const changed = new Map(changedDocuments.map((document) => [document._id, document]))
  const previous = new Map(Object.values(before).map((route) => [route.document, route]))
  const after: RouteDocuments = {}
  for (const { path, documentId } of routes) {
    const document = changed.get(documentId)
    const known = previous.get(documentId)
    if (document) after[path] = { document: documentId, shows: referencedIds(document) }
    else if (known) after[path] = { document: documentId, shows: known.shows }
    else throw new Error(`${documentId} (${path}) was not in the last publish and is not among the changed documents`)
  }
  return after
}

/** Routes to prerender again (in the new content) and routes that are gone, both sorted. */
export function routesToPublish(
  changedIds: Iterable<string>,
  before: RouteDocuments,
  after: RouteDocuments,
): { render: string[]; remove: string[] } {
  const changed = new Set(changedIds)
  const everyRoute = [...changed].some((id) => EVERY_ROUTE.has(id))
  const showsAChange = (route: RouteDocuments[string] | undefined) =>
    route !== undefined && (changed.has(route.document) || route.shows.some((id) => changed.has(id)))
  return {
    render: Object.keys(after)
      .filter((path) => everyRoute || showsAChange(before[path]) || showsAChange(after[path]))
      .sort(),
    remove: Object.keys(before)
      .filter((path) => !(path in after))
      .sort(),
  }
}
