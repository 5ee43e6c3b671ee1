import { createClient } from '@sanity/client'
import { handleQueryApiRequest, inferContentSourceMap, type SanityDocument } from '@site/content-api'
import { contentApiHandlers, MSW_CONTENT_API_ORIGIN } from '@site/content-api/msw'
import { vercelStegaDecode, vercelStegaSplit } from '@vercel/stega'
import { describe, expect, it } from 'vitest'
import { server } from './support/mswServer'

const documents: SanityDocument[] = [
  {
    _id: 'home',
    _type: 'page',
    title: 'Home',
    sections: [
      { _key: 'hero1', _type: 'heroSection', heading: 'Grow your practice' },
      {
        _key: 'quotes',
        _type: 'testimonialsSection',
        testimonials: [{ _key: 'r1', _type: 'reference', _ref: 'quote-a' }],
      },
    ],
  },
  {
    _id: 'drafts.home',
    _type: 'page',
    title: 'Home (draft)',
    sections: [{ _key: 'hero1', _type: 'heroSection', heading: 'Draft heading' }],
  },
  { _id: 'quote-a', _type: 'testimonial', quote: 'They doubled our leads' },
]

const PAGE_QUERY = `*[_id == "home"][0]{ _id, title, sections[]{ ..., testimonials[]->{ _id, quote } } }`

const byId = (id: string) => documents.find((doc) => doc._id === id)

function stegaClient(perspective: 'published' | 'drafts') {
  return createClient({
    projectId: 'embedded',
    dataset: 'production',
    apiVersion: '2025-02-19',
    useCdn: false,
    apiHost: MSW_CONTENT_API_ORIGIN,
    useProjectHostname: false,
    perspective,
    stega: { enabled: true, studioUrl: 'https://studio.example.test' },
  })
}

/** The Studio edit link @sanity/client hid in a string, as its id and field path. */
function editTarget(value: string): { id: string | null; type: string | null; path: string | null } {
  const decoded = vercelStegaDecode<{ href: string }>(value)
  if (!decoded) throw new Error(`No stega in ${JSON.stringify(value)}`)
  const params = new URL(decoded.href).searchParams
  return { id: params.get('id'), type: params.get('type'), path: params.get('path') }
}

describe('Content Source Maps of the embedded query API', () => {
  it('maps every object that names a document by _id to that document, once per document', () => {
    const result = { page: { _id: 'home', sections: [{ _key: 'k', items: [{ _id: 'quote-a' }, { _id: 'quote-a' }] }] } }
    expect(inferContentSourceMap(result, byId)).toEqual({
      documents: [
        { _id: 'home', _type: 'page' },
        { _id: 'quote-a', _type: 'testimonial' },
      ],
      paths: ['$'],
      mappings: {
        "$['page']": { type: 'value', source: { type: 'documentValue', document: 0, path: 0 } },
        "$['page']['sections'][0]['items'][0]": {
          type: 'value',
          source: { type: 'documentValue', document: 1, path: 0 },
        },
        "$['page']['sections'][0]['items'][1]": {
          type: 'value',
          source: { type: 'documentValue', document: 1, path: 0 },
        },
      },
    })
  })

  it('names the draft document when the result comes from a draft, and escapes field names as the client does', () => {
    const map = inferContentSourceMap({ "it's": { _id: 'home' } }, () => ({
      _id: 'home',
      _type: 'page',
      _originalId: 'drafts.home',
    }))
    expect(map.documents).toEqual([{ _id: 'drafts.home', _type: 'page' }])
    expect(Object.keys(map.mappings)).toEqual(["$['it\\'s']"])
  })

  it("maps a slug read as a string under another name to the slug's current, not to the slug object", () => {
    const stored = { _id: 'about', _type: 'page', path: { _type: 'slug', current: '/about' }, title: 'About' }
    const map = inferContentSourceMap({ page: { _id: 'about', path: '/about', title: 'About' } }, () => stored)
    expect(map.paths).toEqual(['$', "$['path']['current']"])
    expect(map.mappings["$['page']['path']"]).toEqual({
      type: 'value',
      source: { type: 'documentValue', document: 0, path: 1 },
    })
    expect(map.mappings).not.toHaveProperty("$['page']['title']")
  })

  it('answers resultSourceMap only when asked', async () => {
    const query = encodeURIComponent(PAGE_QUERY)
    const ask = (extra: string) =>
      handleQueryApiRequest(new Request(`http://api.test/v2025-02-19/data/query/production?query=${query}${extra}`), {
        documents: () => documents,
      }).then((response) => response.json())
    expect(await ask('')).not.toHaveProperty('resultSourceMap')
    const body = await ask('&resultSourceMap=withKeyArraySelector')
    expect(body.resultSourceMap.documents).toEqual([
      { _id: 'home', _type: 'page' },
      { _id: 'quote-a', _type: 'testimonial' },
    ])
  })

  it("lets @sanity/client encode edit links with each string's document and keyed field path", async () => {
    server.use(...contentApiHandlers({ documents }))
    const page = await stegaClient('published').fetch(PAGE_QUERY)
    expect(vercelStegaSplit(page.title).cleaned).toBe('Home')
    expect(editTarget(page.title)).toEqual({ id: 'home', type: 'page', path: 'title' })
    expect(editTarget(page.sections[0].heading)).toEqual({
      id: 'home',
      type: 'page',
      path: 'sections[_key=="hero1"].heading',
    })
    expect(editTarget(page.sections[1].testimonials[0].quote)).toEqual({
      id: 'quote-a',
      type: 'testimonial',
      path: 'quote',
    })
    // The client's default filter leaves identifiers alone.
    expect(page.sections[0]._type).toBe('heroSection')
    expect(page._id).toBe('home')
  })

  it('points draft content at the draft document in the drafts perspective', async () => {
    server.use(...contentApiHandlers({ documents }))
    const page = await stegaClient('drafts').fetch(PAGE_QUERY)
    expect(vercelStegaSplit(page.sections[0].heading).cleaned).toBe('Draft heading')
    const link = vercelStegaDecode<{ href: string }>(page.sections[0].heading)
    expect(new URL(link!.href).searchParams.get('perspective')).toBeNull() // a draft: not pinned to "published"
    expect(editTarget(page.sections[0].heading).id).toBe('home')
  })
})
