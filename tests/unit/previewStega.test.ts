import { createClient, type SanityClient } from '@sanity/client'
import type { ContentSourceMapParsedPath } from '@sanity/client/csm'
import { EMBEDDED_DATASET, EMBEDDED_PROJECT_ID } from '@site/content-api'
import { MSW_CONTENT_API_ORIGIN } from '@site/content-api/msw'
import { VERCEL_STEGA_REGEX, vercelStegaDecode } from '@vercel/stega'
import { beforeAll, describe, expect, it } from 'vitest'
import { SANITY_API_VERSION } from '../../apps/web/app/content/config.server'
import { listRoutePaths } from '../../apps/web/app/content/paths.server'
import { ROUTE_QUERY } from '../../apps/web/app/content/queries'
import { validateRouteContent } from '../../apps/web/app/content/validation/validateContent'
import { previewClientOptions, previewRouteContext } from '../../apps/web/app/preview/previewConfig.server'
import { stegaFilter } from '../../apps/web/app/preview/stegaFilter'

const PREVIEW_ENV = { VITE_SANITY_PREVIEW: 'true', SANITY_STUDIO_URL: 'https://studio.example.test/' }

/** Written from the zod guards and the code, not from the filter: strings the code compares or links to. */
const NEVER_ENCODED = new Set([
  '_id',
  '_type',
  '_key',
  '_ref',
  'align',
  'variant',
  'tone',
  'category',
  'footer',
  'status',
  'kind',
  'style',
  'listItem',
  'icon',
  'questionId',
  'href',
  'src',
  'anchor',
  'path',
  'slug',
  'documentUrl',
  'defaultShareImage',
  'publishedAt',
  'giveawayEndsAt',
  'contactEmail',
  'contactPhone',
  'landingPhone',
])
/** Copy that must carry an edit link whenever it comes from a page or a referenced document. */
const ALWAYS_ENCODED = new Set(['heading', 'intro', 'eyebrow', 'quote', 'question', 'label', 'text'])

type Leaf = { path: (string | number)[]; value: string }

function stringLeaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === 'string') return [{ path, value }]
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, index]))
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => stringLeaves(child, [...path, key]))
  }
  return []
}

const hasStega = (value: string) => new RegExp(VERCEL_STEGA_REGEX.source, 'u').test(value)
const lastField = (path: (string | number)[]) =>
  path.filter((segment): segment is string => typeof segment === 'string').at(-1)

function editLink(value: string): URLSearchParams {
  const decoded = vercelStegaDecode<{ href: string }>(value)
  if (!decoded) throw new Error(`No edit link in ${JSON.stringify(value)}`)
  return new URL(decoded.href).searchParams
}

describe('preview build: stega in the route content', () => {
  let previewClient: SanityClient
  let routes: string[]
  const contentByRoute = new Map<string, unknown>()

  beforeAll(async () => {
    previewClient = createClient({
      projectId: EMBEDDED_PROJECT_ID,
      dataset: EMBEDDED_DATASET,
      apiVersion: SANITY_API_VERSION,
      useCdn: false,
      apiHost: MSW_CONTENT_API_ORIGIN,
      useProjectHostname: false,
      ...previewClientOptions(PREVIEW_ENV),
    })
    routes = await listRoutePaths()
    for (const path of routes) contentByRoute.set(path, await previewClient.fetch(ROUTE_QUERY, { path }))
  })

  it('changes nothing in a production build', () => {
    expect(previewClientOptions({})).toEqual({})
    expect(previewRouteContext({})).toEqual({})
    expect(previewRouteContext(PREVIEW_ENV).preview).toMatchObject({
      projectId: EMBEDDED_PROJECT_ID,
      studioUrl: 'https://studio.example.test',
    })
  })

  it('reads drafts and encodes edit links in a preview build', () => {
    expect(previewClientOptions(PREVIEW_ENV)).toMatchObject({
      perspective: 'drafts',
      stega: { enabled: true, studioUrl: 'https://studio.example.test' },
    })
  })

  it('keeps every route valid for the zod guards, strictly, with stega in its strings', () => {
    expect(routes.length).toBeGreaterThan(10)
    for (const [path, raw] of contentByRoute) {
      expect(() => validateRouteContent(raw, 'fail'), path).not.toThrow()
    }
  })

  it('never encodes option values, links, dates, contact details or SEO fields', () => {
    const encodedWhereForbidden = [...contentByRoute].flatMap(([route, raw]) =>
      stringLeaves(raw)
        .filter(
          ({ path, value }) => hasStega(value) && (NEVER_ENCODED.has(lastField(path) ?? '') || path.includes('seo')),
        )
        .map(({ path }) => `${route}: ${path.join('.')}`),
    )
    expect(encodedWhereForbidden).toEqual([])
  })

  it('encodes the copy of pages and of the documents they show', () => {
    const copy = [...contentByRoute.values()].flatMap((raw) =>
      stringLeaves(raw).filter(({ path }) => path[0] !== 'settings' && ALWAYS_ENCODED.has(lastField(path) ?? '')),
    )
    expect(copy.length).toBeGreaterThan(100)
    expect(copy.filter(({ value }) => !hasStega(value)).map(({ path }) => path.join('.'))).toEqual([])
  })

  it('links the home hero heading to its field in the home page document', () => {
    const home = contentByRoute.get('/') as {
      page: { _id: string; sections: Array<{ _type: string; _key: string; heading?: string }> }
    }
    const hero = home.page.sections.find((section) => section._type === 'heroSection')!
    const link = editLink(hero.heading!)
    expect(link.get('id')).toBe(home.page._id)
    expect(link.get('type')).toBe('page')
    expect(link.get('path')).toBe(`sections[_key=="${hero._key}"].heading`)
    expect(link.get('baseUrl')).toBe('https://studio.example.test')
  })
})

describe('preview build: the stega filter on the source paths of the hosted API', () => {
  const encodes = (
    sourcePath: ContentSourceMapParsedPath,
    resultPath: ContentSourceMapParsedPath,
    value = 'Some copy',
  ) =>
    stegaFilter({
      sourcePath,
      resultPath,
      value,
      sourceDocument: { _id: 'drafts.home', _type: 'page' },
      filterDefault: () => true,
    })

  it.each<[ContentSourceMapParsedPath, ContentSourceMapParsedPath]>([
    [
      ['path', 'current'],
      ['page', 'path'],
    ],
    [
      ['slug', 'current'],
      ['resource', 'slug'],
    ],
    [
      ['sections', { _key: 'a', _index: 0 }, 'variant'],
      ['page', 'sections', 0, 'variant'],
    ],
    [
      ['sections', { _key: 'a', _index: 0 }, 'items', { _key: 'b', _index: 1 }, 'icon'],
      ['page', 'sections', 0, 'items', 1, 'icon'],
    ],
    [
      ['mainNavigation', { _key: 'a', _index: 0 }, 'href'],
      ['settings', 'mainNavigation', 0, 'href'],
    ],
    [
      ['seo', 'title'],
      ['page', 'seo', 'title'],
    ],
    [['contactPhone'], ['settings', 'contactPhone']],
  ])('leaves %j alone', (sourcePath, resultPath) => {
    expect(encodes(sourcePath, resultPath)).toBe(false)
  })

  it("encodes copy, and defers to the client's default filter for the rest", () => {
    expect(encodes(['sections', { _key: 'a', _index: 0 }, 'heading'], ['page', 'sections', 0, 'heading'])).toBe(true)
    expect(
      stegaFilter({
        sourcePath: ['title'],
        resultPath: ['page', 'title'],
        value: 'x',
        sourceDocument: { _id: 'a', _type: 'page' },
        filterDefault: () => false,
      }),
    ).toBe(false)
  })
})
