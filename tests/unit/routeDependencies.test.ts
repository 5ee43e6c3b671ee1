import { readFileSync } from 'node:fs'
import { parseNdjson, runQuery, type SanityDocument, seedFilePath } from '@site/content-api'
import { describe, expect, it } from 'vitest'
import { ROUTE_QUERY } from '../../apps/web/app/content/queries'
import {
  type RouteDocuments,
  referencedIds,
  routeDocumentsAfter,
  routesToPublish,
} from '../../apps/web/publish/routeDependencies'

const seed = parseNdjson(readFileSync(seedFilePath(), 'utf8'))

function routesOf(documents: SanityDocument[]) {
  const address = (document: SanityDocument): string | undefined => {
    const { path, slug } = document as { path?: { current?: string }; slug?: { current?: string } }
    if (document._type === 'page') return path?.current
    if (document._type === 'resource' && slug?.current) return `/resources/${slug.current}`
    return undefined
  }
  return documents.flatMap((document) => {
    const path = address(document)
    return path ? [{ path, documentId: document._id }] : []
  })
}

/** What the publisher records after a full build: each route's document and the documents it references. */
function publishedRoutes(documents: SanityDocument[]): RouteDocuments {
  const byId = new Map(documents.map((document) => [document._id, document]))
  return Object.fromEntries(
    routesOf(documents).map(({ path, documentId }) => [
      path,
      { document: documentId, shows: referencedIds(byId.get(documentId)) },
    ]),
  )
}

/** Every text of a document changed, its ids, types, keys and addresses kept. */
function withEveryTextChanged(document: SanityDocument): SanityDocument {
  const change = (value: unknown, key: string): unknown => {
    if (key.startsWith('_') || key === 'current') return value
    if (typeof value === 'string') return `${value} (changed)`
    if (Array.isArray(value)) return value.map((item) => change(item, ''))
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, change(field, name)]))
    return value
  }
  return change(document, '') as SanityDocument
}

/**
 * Changes each document of the seed in turn and runs the route query on every route before and after:
 * counts the results that changed, and lists each route whose result changed but which the dependency
 * map would not publish again.
 */
async function checkTheMap(query: string): Promise<{ changedResults: number; missed: string[] }> {
  const before = publishedRoutes(seed)
  const paths = Object.keys(before)
  const results = new Map(
    await Promise.all(
      paths.map(async (path) => [path, JSON.stringify(await runQuery(seed, query, { path }))] as const),
    ),
  )
  const missed: string[] = []
  let changedResults = 0
  for (const original of seed) {
    const changed = withEveryTextChanged(original)
    const documents = seed.map((document) => (document === original ? changed : document))
    const after = routeDocumentsAfter(routesOf(documents), before, [changed])
    const { render } = routesToPublish([original._id], before, after)
    for (const path of paths) {
      const result = JSON.stringify(await runQuery(documents, query, { path }))
      if (result === results.get(path)) continue
      changedResults++
      if (!render.includes(path)) missed.push(`${original._id} → ${path}`)
    }
  }
  return { changedResults, missed }
}

describe('the route-dependency map', () => {
  it('publishes again every route whose query result a changed document changes', async () => {
    const { changedResults, missed } = await checkTheMap(ROUTE_QUERY)
    expect(missed).toEqual([])
    // Every route changes with the site settings, and some with the documents they show.
    expect(changedResults).toBeGreaterThan(2 * Object.keys(publishedRoutes(seed)).length)
  }, 60_000)

  it('is caught out by a query that shows a document the page does not reference', async () => {
    // "Our latest article" on every page: a query, not a reference the editor picked.
    const showsTheLatestArticle = ROUTE_QUERY.replace(
      'title, "path": path.current,',
      'title, "path": path.current, "latest": *[_type == "resource"] | order(publishedAt desc)[0]{ title },',
    )
    expect(showsTheLatestArticle).not.toBe(ROUTE_QUERY)
    const { missed } = await checkTheMap(showsTheLatestArticle)
    expect(missed).toEqual(expect.arrayContaining([expect.stringMatching(/^resource\.[\w-]+ → \/about$/)]))
  }, 60_000)

  it('publishes every route for the site settings, and a moved article at both addresses', () => {
    const before = publishedRoutes(seed)
    expect(routesToPublish(['siteSettings'], before, before).render).toEqual(Object.keys(before).sort())
    const moved = seed.map((document) =>
      document._id === 'resource.scaling-guide' ? { ...document, slug: { _type: 'slug', current: 'moved' } } : document,
    )
    const after = routeDocumentsAfter(
      routesOf(moved),
      before,
      moved.filter(({ _id }) => _id === 'resource.scaling-guide'),
    )
    expect(routesToPublish(['resource.scaling-guide'], before, after)).toEqual({
      render: ['/resources', '/resources/moved'],
      remove: ['/resources/scaling-guide'],
    })
  })

  it('publishes the pages that show a testimonial, and only those', () => {
    const before = publishedRoutes(seed)
    const showing = Object.entries(before)
      .filter(([, route]) => route.shows.includes('testimonial.1'))
      .map(([path]) => path)
    expect(showing.length).toBeGreaterThan(0)
    expect(routesToPublish(['testimonial.1'], before, before)).toEqual({ render: showing.sort(), remove: [] })
  })
})
