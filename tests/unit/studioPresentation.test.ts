import { readFileSync } from 'node:fs'
import { applyPerspective, parseNdjson, runQuery, seedFilePath } from '@site/content-api'
import type { DocumentLocationResolverObject, DocumentLocationsState, DocumentResolver } from 'sanity/presentation'
import { describe, expect, it } from 'vitest'
import { locations, mainDocuments } from '../../apps/studio/presentation/resolve'

const documents = applyPerspective(parseNdjson(readFileSync(seedFilePath(), 'utf8')), 'published')
const ofType = (type: string) => documents.filter((doc) => doc._type === type)
const slugOf = (value: unknown) => (value as { current: string }).current

/** The main document the Presentation tool would open for a URL path, with the resolver that matched it. */
async function mainDocumentId(path: string): Promise<string | undefined> {
  const resourceSlug = /^\/resources\/([^/]+)$/.exec(path)?.[1]
  const [resourceRoute, pageRoute] = mainDocuments as [DocumentResolver, DocumentResolver]
  const params: Record<string, string> = resourceSlug ? { slug: resourceSlug } : {}
  const context = { origin: 'http://127.0.0.1:5173', path, params }
  const query = resourceSlug ? { filter: resourceRoute.filter as string, params } : pageRoute.resolve!(context)!
  const found = (await runQuery(documents, `*[${query.filter}][0]._id`, query.params)) as string | null
  return found ?? undefined
}

function resolveLocations(type: string, value: Record<string, unknown>): DocumentLocationsState | null | undefined {
  const resolver = locations[type] as DocumentLocationResolverObject
  return resolver.resolve(value) ?? undefined
}

describe('Studio Presentation tool: routes and documents', () => {
  it('opens every page document at its route, and offers the route as its location', async () => {
    expect(ofType('page').length).toBeGreaterThan(0)
    for (const page of ofType('page')) {
      const path = slugOf(page.path)
      expect(await mainDocumentId(path), path).toBe(page._id)
      expect(resolveLocations('page', { title: page.title, path })?.locations?.[0]?.href).toBe(path)
    }
  })

  it('opens every resource at /resources/<slug>', async () => {
    for (const resource of ofType('resource')) {
      const slug = slugOf(resource.slug)
      expect(await mainDocumentId(`/resources/${slug}`)).toBe(resource._id)
      expect(resolveLocations('resource', { title: resource.title, slug })?.locations?.[0]?.href).toBe(
        `/resources/${slug}`,
      )
    }
  })

  it('matches routes the way the site does: any case, trailing slash', async () => {
    const about = ofType('page').find((page) => slugOf(page.path) !== '/')!
    expect(await mainDocumentId(`${slugOf(about.path).toUpperCase()}/`)).toBe(about._id)
  })

  it('shows site settings as used on every page', () => {
    expect(locations.siteSettings).toMatchObject({ locations: [{ href: '/' }] })
  })
})
