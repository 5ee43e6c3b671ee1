import { readFileSync } from 'node:fs'
import { createClient } from '@sanity/client'
import { parseNdjson, type SanityDocument as SeedDocument, seedFilePath } from '@site/content-api'
import { contentApiHandlers, MSW_CONTENT_API_ORIGIN } from '@site/content-api/msw'
import { schemaTypes } from '@site/schemas'
import { HREF_MESSAGE } from '@site/schemas/constants'
import { createSchema, type SanityDocument, type ValidationMarker, validateDocument, type Workspace } from 'sanity'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { getContentClient } from '../../apps/web/app/content/client.server'
import { listRoutePaths } from '../../apps/web/app/content/paths.server'
import { ROUTE_QUERY } from '../../apps/web/app/content/queries'
import { fetchRouteContent } from '../../apps/web/app/content/routeContent.server'
import { malformedContentPolicy } from '../../apps/web/app/content/validation/policy'
import { server } from './support/mswServer'

const seed = parseNdjson(readFileSync(seedFilePath(), 'utf8'))

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const valueAt = (root: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((value, segment) => {
    if (typeof segment === 'number') return Array.isArray(value) ? value[segment] : undefined
    return isObject(value) ? value[segment] : undefined
  }, root)

/** The object at `path` inside `root` (fails the test when there is none). */
function objectAt(root: unknown, ...path: (string | number)[]): Json {
  const found = valueAt(root, path)
  if (!isObject(found)) throw new Error(`No object at ${path.join('.')}`)
  return found
}

function arrayAt(root: unknown, ...path: (string | number)[]): unknown[] {
  const found = valueAt(root, path)
  if (!Array.isArray(found)) throw new Error(`No array at ${path.join('.')}`)
  return found
}

const documentById = (documents: SeedDocument[], id: string) => {
  const found = documents.find((doc) => doc._id === id)
  if (!found) throw new Error(`No document ${id} in the seed`)
  return found
}

/** Position and `_key` of the first section of `type` on a page of the seed. */
function sectionOf(pageId: string, type: string): { index: number; key: string } {
  const sections = arrayAt(documentById(seed, pageId), 'sections')
  const index = sections.findIndex((section) => isObject(section) && section._type === type)
  const key = objectAt(sections, index)._key
  if (typeof key !== 'string') throw new Error(`No ${type} on ${pageId}`)
  return { index, key }
}

/** A copy of the seed with `edit` applied to the document `id` (or with that document removed). */
function seedWith(id: string, edit: ((doc: Json) => void) | 'remove'): SeedDocument[] {
  const copy = structuredClone(seed)
  if (edit === 'remove') return copy.filter((doc) => doc._id !== id)
  edit(documentById(copy, id))
  return copy
}

function serve(documents: SeedDocument[]) {
  server.use(...contentApiHandlers({ documents }))
}

/** What the build does with the route's content: the thrown message, or null when it passes. */
async function buildFailure(path: string): Promise<string | null> {
  try {
    await fetchRouteContent(path, 'fail')
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

const home = { hero: sectionOf('page.home', 'heroSection'), cta: sectionOf('page.home', 'ctaSection') }
const about = { grid: sectionOf('page.about', 'featureGridSection') }
const solutions = { dashboard: sectionOf('page.solutions', 'dashboardSection') }
const giveaway = { hero: sectionOf('page.conference-giveaway', 'heroSection') }
const contact = { form: sectionOf('page.contact', 'contactFormSection') }

describe('the content schemas accept the whole seed', () => {
  it('on every route, returning exactly what the query returned', async () => {
    const paths = await listRoutePaths()
    expect(paths.length).toBeGreaterThanOrEqual(26)
    const client = await getContentClient()
    for (const path of paths) {
      const raw = await client.fetch(ROUTE_QUERY, { path })
      // The control of a running experiment is the page as stored; what was shown is told beside it.
      const { experiment: _shown, inPass: _inPass, ...content } = await fetchRouteContent(path, 'fail')
      expect(content, path).toEqual(raw)
    }
  })
})

describe('at build time, malformed content fails with the document id and the field path', () => {
  it('a missing required heading', async () => {
    serve(seedWith('page.about', (doc) => delete objectAt(doc, 'sections', about.grid.index).heading))
    expect(await buildFailure('/about')).toBe(
      `Malformed content in page "page.about" at sections[${about.grid.index}] (featureGridSection, _key "${about.grid.key}").heading: Required`,
    )
  })

  it('a missing required field of an array item, named by its _key', async () => {
    const card = objectAt(documentById(seed, 'page.about'), 'sections', about.grid.index, 'items', 0)
    serve(seedWith('page.about', (doc) => delete objectAt(doc, 'sections', about.grid.index, 'items', 0).title))
    expect(await buildFailure('/about')).toBe(
      `Malformed content in page "page.about" at sections[${about.grid.index}] (featureGridSection, _key "${about.grid.key}")` +
        `.items[0] (featureCard, _key "${String(card._key)}").title: Required`,
    )
  })

  it('a javascript: link in a button', async () => {
    serve(
      seedWith(
        'page.home',
        (doc) => (objectAt(doc, 'sections', home.hero.index, 'actions', 1).href = 'javascript:alert(1)'),
      ),
    )
    expect(await buildFailure('/')).toBe(
      `Malformed content in page "page.home" at sections[${home.hero.index}] (heroSection, _key "${home.hero.key}")` +
        `.actions[1] (link, _key "see-how-it-works").href: ${HREF_MESSAGE}`,
    )
  })

  it('a javascript: link inside the rich text of a resource', async () => {
    const body = arrayAt(documentById(seed, 'resource.sales-funnel'), 'body')
    const blockIndex = body.findIndex(
      (block) => isObject(block) && Array.isArray(block.markDefs) && block.markDefs.length > 0,
    )
    const block = objectAt(body, blockIndex)
    const annotation = objectAt(block, 'markDefs', 0)
    serve(
      seedWith(
        'resource.sales-funnel',
        (doc) => (objectAt(doc, 'body', blockIndex, 'markDefs', 0).href = 'javascript:void(0)'),
      ),
    )
    expect(await buildFailure('/resources/sales-funnel')).toBe(
      `Malformed content in resource "resource.sales-funnel" at body[${blockIndex}] (block, _key "${String(block._key)}")` +
        `.markDefs[0] (link, _key "${String(annotation._key)}").href: ${HREF_MESSAGE}`,
    )
  })

  it('a value outside a list of options', async () => {
    serve(seedWith('page.home', (doc) => (objectAt(doc, 'sections', home.cta.index).tone = 'dark')))
    expect(await buildFailure('/')).toBe(
      `Malformed content in page "page.home" at sections[${home.cta.index}] (ctaSection, _key "${home.cta.key}").tone: ` +
        'Invalid option: expected one of "brand"|"light"',
    )
  })

  it('a lead score of 150', async () => {
    const lead = objectAt(
      documentById(seed, 'page.solutions'),
      'sections',
      solutions.dashboard.index,
      'dashboard',
      'leads',
      2,
    )
    serve(
      seedWith(
        'page.solutions',
        (doc) => (objectAt(doc, 'sections', solutions.dashboard.index, 'dashboard', 'leads', 2).score = 150),
      ),
    )
    expect(await buildFailure('/solutions')).toBe(
      `Malformed content in page "page.solutions" at sections[${solutions.dashboard.index}] (dashboardSection, _key "${solutions.dashboard.key}")` +
        `.dashboard.leads[2] (mockLead, _key "${String(lead._key)}").score: Too big: expected number to be <=100`,
    )
  })

  it('a value of the wrong type', async () => {
    serve(seedWith('resource.sales-funnel', (doc) => (doc.readTime = '12 minutes')))
    expect(await buildFailure('/resources/sales-funnel')).toBe(
      'Malformed content in resource "resource.sales-funnel" at readTime: Invalid input: expected number, received string',
    )
  })

  it('a number of columns the grid does not offer', async () => {
    serve(seedWith('page.about', (doc) => (objectAt(doc, 'sections', about.grid.index).columns = 5)))
    expect(await buildFailure('/about')).toBe(
      `Malformed content in page "page.about" at sections[${about.grid.index}] (featureGridSection, _key "${about.grid.key}").columns: ` +
        'Invalid option: expected one of 2|3|4',
    )
  })

  it('a referenced document missing a required field, named by its _id', async () => {
    const faq = sectionOf('page.home', 'faqSection')
    serve(seedWith('faq.home-3', (doc) => delete doc.answer))
    expect(await buildFailure('/')).toBe(
      `Malformed content in page "page.home" at sections[${faq.index}] (faqSection, _key "${faq.key}").items[2] (_id "faq.home-3").answer: Required`,
    )
  })

  it('a reference to a document that does not exist', async () => {
    const testimonials = sectionOf('page.home', 'testimonialsSection')
    serve(seedWith('testimonial.1', 'remove'))
    expect(await buildFailure('/')).toBe(
      `Malformed content in page "page.home" at sections[${testimonials.index}] (testimonialsSection, _key "${testimonials.key}")` +
        '.testimonials[0]: Reference to a missing or unpublished document',
    )
  })

  it('a legal page whose embedded document does not exist', async () => {
    const legal = sectionOf('page.privacy-policy', 'legalDocumentSection')
    serve(seedWith('legalEmbed.policy', 'remove'))
    expect(await buildFailure('/privacy-policy')).toBe(
      `Malformed content in page "page.privacy-policy" at sections[${legal.index}] (legalDocumentSection, _key "${legal.key}").document: Required`,
    )
  })

  it('a section type the site does not know', async () => {
    serve(
      seedWith('page.contact', (doc) =>
        arrayAt(doc, 'sections').push({ _type: 'videoSection', _key: 'video', heading: 'Watch' }),
      ),
    )
    expect(await buildFailure('/contact')).toBe(
      'Malformed content in page "page.contact" at sections[2] (videoSection, _key "video")._type: Unknown _type "videoSection"',
    )
  })

  it('broken site settings, on every route', async () => {
    serve(seedWith('siteSettings', (doc) => (objectAt(doc, 'headerCta').href = 'javascript:alert(1)')))
    const message = `Malformed content in site settings "siteSettings" at headerCta.href: ${HREF_MESSAGE}`
    expect(await buildFailure('/')).toBe(message)
    expect(await buildFailure('/resources/scaling-guide')).toBe(message)
  })

  it('a background image with neither an upload nor a path', async () => {
    serve(
      seedWith(
        'page.conference-giveaway',
        (doc) => delete objectAt(doc, 'sections', giveaway.hero.index, 'backgroundImage').src,
      ),
    )
    expect(await buildFailure('/conference-giveaway')).toBe(
      `Malformed content in page "page.conference-giveaway" at sections[${giveaway.hero.index}] (heroSection, _key "${giveaway.hero.key}").backgroundImage: Upload an image, or give the path of one on this site`,
    )
  })

  it("an uploaded background image is shown by its asset's URL, instead of the path", async () => {
    const asset = {
      _id: 'image-0123456789abcdef0123456789abcdef01234567-3x2-jpg',
      _type: 'sanity.imageAsset',
      url: '/images/embedded/production/0123456789abcdef0123456789abcdef01234567-3x2.jpg',
    }
    serve([
      ...seedWith('page.conference-giveaway', (doc) => {
        objectAt(doc, 'sections', giveaway.hero.index, 'backgroundImage').upload = {
          _type: 'image',
          asset: { _type: 'reference', _ref: asset._id },
        }
      }),
      asset,
    ])
    const content = await fetchRouteContent('/conference-giveaway', 'fail')
    const hero = content.page?.sections?.find((section) => section._type === 'heroSection')
    expect(hero?.backgroundImage?.src).toBe(asset.url)
  })

  it("an upload keeps the editor's crop and hotspot and its asset's metadata, which the site sizes it with", async () => {
    const metadata = {
      _type: 'sanity.imageMetadata',
      dimensions: { _type: 'sanity.imageDimensions', width: 3, height: 2, aspectRatio: 1.5 },
      lqip: 'data:image/jpeg;base64,AAAA',
      palette: { _type: 'sanity.imagePalette', dominant: { background: '#142c4c', foreground: '#fff' } },
    }
    const asset = {
      _id: 'image-0123456789abcdef0123456789abcdef01234567-3x2-jpg',
      _type: 'sanity.imageAsset',
      url: '/images/embedded/production/0123456789abcdef0123456789abcdef01234567-3x2.jpg',
      metadata,
    }
    const crop = { _type: 'sanity.imageCrop', top: 0.1, bottom: 0, left: 0.2, right: 0 }
    const hotspot = { _type: 'sanity.imageHotspot', x: 0.6, y: 0.5, width: 0.3, height: 0.3 }
    serve([
      ...seedWith('page.conference-giveaway', (doc) => {
        objectAt(doc, 'sections', giveaway.hero.index, 'backgroundImage').upload = {
          _type: 'image',
          asset: { _type: 'reference', _ref: asset._id },
          crop,
          hotspot,
        }
      }),
      asset,
    ])
    const content = await fetchRouteContent('/conference-giveaway', 'fail')
    const hero = content.page?.sections?.find((section) => section._type === 'heroSection')
    expect(hero?.backgroundImage?.upload).toMatchObject({ crop, hotspot })
    expect(hero?.backgroundImage?.asset).toEqual({
      _id: asset._id,
      url: asset.url,
      metadata: {
        dimensions: metadata.dimensions,
        lqip: metadata.lqip,
        palette: { dominant: { background: '#142c4c' } },
      },
    })
  })

  it('a gated resource without its access form', async () => {
    serve(seedWith('resource.scaling-guide', (doc) => delete doc.gate))
    expect(await buildFailure('/resources/scaling-guide')).toBe(
      'Malformed content in resource "resource.scaling-guide" at gate: Gated resources need the access form copy',
    )
  })

  it('every problem of the route, one per line', async () => {
    serve(
      seedWith('page.home', (doc) => {
        delete objectAt(doc, 'sections', home.hero.index).heading
        objectAt(doc, 'sections', home.cta.index).tone = 'dark'
      }),
    )
    expect((await buildFailure('/'))?.split('\n')).toEqual([
      `Malformed content in page "page.home" at sections[${home.hero.index}] (heroSection, _key "${home.hero.key}").heading: Required`,
      `Malformed content in page "page.home" at sections[${home.cta.index}] (ctaSection, _key "${home.cta.key}").tone: Invalid option: expected one of "brand"|"light"`,
    ])
  })

  it('a page without a path, named with its field, instead of a failed prerender', async () => {
    serve(seedWith('page.home', (doc) => delete doc.path))
    await expect(listRoutePaths()).rejects.toThrow('Malformed content in page "page.home" at path: Required')
  })

  it("a page path or a resource slug that breaks the schema's rule, with the Studio's message", async () => {
    serve(seedWith('page.about', (doc) => (doc.path = { _type: 'slug', current: 'About Us' })))
    await expect(listRoutePaths()).rejects.toThrow(
      'Malformed content in page "page.about" at path: The path must start with "/" (use "/" for the home page)',
    )
    serve(seedWith('resource.scaling-guide', (doc) => (doc.slug = { _type: 'slug', current: 'Scaling_Guide' })))
    await expect(listRoutePaths()).rejects.toThrow(
      'Malformed content in resource "resource.scaling-guide" at slug: Use lowercase letters, digits and single hyphens, e.g. scaling-guide',
    )
  })

  it('two documents at one address', async () => {
    serve(seedWith('page.about', (doc) => (doc.path = { _type: 'slug', current: '/contact' })))
    await expect(listRoutePaths()).rejects.toThrow(
      /Malformed content in page "page\.(about|contact)" at path: \/contact is already the address of page "page\.(about|contact)"/,
    )
  })

  it('the list of routes the build prerenders', async () => {
    serve(seedWith('legalEmbed.policy', (doc) => (doc.documentUrl = 'http://insecure.example.com/policy')))
    await expect(listRoutePaths()).rejects.toThrow(
      'Malformed content in the list of routes (pages, resources and embedded documents) at embedUrls[0]: Use an https:// address',
    )
  })
})

describe('in the dev server, a malformed section is left out and logged; the rest of the page renders', () => {
  it('drops only the broken sections, logging each with its document and path', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    serve(
      seedWith('page.home', (doc) => {
        delete objectAt(doc, 'sections', home.hero.index).heading
        objectAt(doc, 'sections', home.cta.index).tone = 'dark'
      }),
    )
    const { page } = await fetchRouteContent('/', 'skip-section')
    const seedKeys = arrayAt(documentById(seed, 'page.home'), 'sections').map((section) => objectAt(section)._key)
    expect(page?.sections?.map((section) => section._key)).toEqual(
      seedKeys.filter((key) => key !== home.hero.key && key !== home.cta.key),
    )
    expect(error.mock.calls).toEqual([
      [
        `Malformed content in page "page.home" at sections[${home.hero.index}] (heroSection, _key "${home.hero.key}").heading: Required (the section is left out of the page)`,
      ],
      [
        `Malformed content in page "page.home" at sections[${home.cta.index}] (ctaSection, _key "${home.cta.key}").tone: ` +
          'Invalid option: expected one of "brand"|"light" (the section is left out of the page)',
      ],
    ])
  })

  it('still fails the route when the page itself or the site settings are malformed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    serve(seedWith('page.about', (doc) => (doc.footer = 'none')))
    await expect(fetchRouteContent('/about', 'skip-section')).rejects.toThrow(
      'Malformed content in page "page.about" at footer: Invalid option: expected one of "full"|"simple"',
    )
    serve(seedWith('siteSettings', (doc) => delete doc.companyName))
    await expect(fetchRouteContent('/about', 'skip-section')).rejects.toThrow(
      'Malformed content in site settings "siteSettings" at companyName: Required',
    )
    expect(error).not.toHaveBeenCalled()
  })
})

describe('which policy applies', () => {
  it('fails in the build and skips sections in the dev server, unless CONTENT_VALIDATION says otherwise', () => {
    expect(malformedContentPolicy({}, false)).toBe('fail')
    expect(malformedContentPolicy({}, true)).toBe('skip-section')
    expect(malformedContentPolicy({ CONTENT_VALIDATION: 'lenient' }, false)).toBe('skip-section')
    expect(malformedContentPolicy({ CONTENT_VALIDATION: 'strict' }, true)).toBe('fail')
    expect(() => malformedContentPolicy({ CONTENT_VALIDATION: 'off' }, true)).toThrow(
      'CONTENT_VALIDATION must be "strict" or "lenient", not "off"',
    )
  })
})

describe('the site rejects what the Studio rejects', () => {
  const schema = createSchema({ name: 'default', types: schemaTypes })
  let workspace: Workspace
  beforeAll(() => {
    const client = createClient({
      projectId: 'embedded',
      dataset: 'production',
      apiVersion: '2025-02-19',
      useCdn: false,
      apiHost: MSW_CONTENT_API_ORIGIN,
      useProjectHostname: false,
    })
    // validateDocument reads only the schema and the client of the workspace.
    workspace = { schema, getClient: () => client } as unknown as Workspace
  })

  /** The paths of the Studio's validation errors in one document, written `sections[_key=="hero"].heading`. */
  async function studioErrorPaths(document: SeedDocument, documents: SeedDocument[]): Promise<string[]> {
    server.use(...contentApiHandlers({ documents }))
    const ids = new Set(documents.map((doc) => doc._id))
    const markers: ValidationMarker[] = await validateDocument({
      document: document as SanityDocument,
      workspace,
      environment: 'studio',
      getDocumentExists: async ({ id }) => ids.has(id),
    })
    return markers.filter((marker) => marker.level === 'error').map((marker) => studioPath(marker.path))
  }

  const studioPath = (path: ValidationMarker['path']) =>
    path
      .map((segment) => {
        if (typeof segment === 'string') return `.${segment}`
        if (typeof segment === 'number') return `[${segment}]`
        return '_key' in segment ? `[_key=="${segment._key}"]` : `[${segment.join(':')}]`
      })
      .join('')
      .replace(/^\./, '')

  /** The field path of the site's (first) problem, written as the Studio writes it. */
  const sitePath = (message: string | null) =>
    /^Malformed content in [a-z ]+ "[^"]+" at (\S+(?: \([^)]*\)\S*)*): /
      .exec(message ?? '')?.[1]
      ?.replace(/\[\d+\] \((?:\w+, )?_key "([^"]+)"\)/g, '[_key=="$1"]')

  const cases: { name: string; id: string; path: string; edit: (doc: Json) => void }[] = [
    {
      name: 'a missing heading',
      id: 'page.about',
      path: '/about',
      edit: (doc) => delete objectAt(doc, 'sections', about.grid.index).heading,
    },
    {
      name: 'an empty heading',
      id: 'page.about',
      path: '/about',
      edit: (doc) => (objectAt(doc, 'sections', about.grid.index).heading = ''),
    },
    {
      name: 'an empty list of cards',
      id: 'page.about',
      path: '/about',
      edit: (doc) => (objectAt(doc, 'sections', about.grid.index).items = []),
    },
    ...[
      'javascript:alert(1)',
      '//evil.example.com',
      'ftp://files.example.com',
      'contact',
      '/has space',
      'tel:call-me',
    ].map((href) => ({
      name: `the link "${href}"`,
      id: 'page.home',
      path: '/',
      edit: (doc: Json) => (objectAt(doc, 'sections', home.hero.index, 'actions', 0).href = href),
    })),
    {
      name: 'a grid of 5 columns',
      id: 'page.about',
      path: '/about',
      edit: (doc) => (objectAt(doc, 'sections', about.grid.index).columns = 5),
    },
    {
      name: 'an unknown button tone',
      id: 'page.home',
      path: '/',
      edit: (doc) => (objectAt(doc, 'sections', home.cta.index).tone = 'dark'),
    },
    {
      name: 'a lead score of 150',
      id: 'page.solutions',
      path: '/solutions',
      edit: (doc) => (objectAt(doc, 'sections', solutions.dashboard.index, 'dashboard', 'leads', 0).score = 150),
    },
    {
      name: 'a fractional lead age',
      id: 'page.solutions',
      path: '/solutions',
      edit: (doc) => (objectAt(doc, 'sections', solutions.dashboard.index, 'dashboard', 'leads', 0).age = 61.5),
    },
    {
      name: 'a negative reading time',
      id: 'resource.sales-funnel',
      path: '/resources/sales-funnel',
      edit: (doc) => (doc.readTime = -5),
    },
    {
      name: 'an anchor with "#"',
      id: 'page.about',
      path: '/about',
      edit: (doc) => (objectAt(doc, 'sections', about.grid.index).anchor = '#values'),
    },
    {
      name: 'a contact form without its button label',
      id: 'page.contact',
      path: '/contact',
      edit: (doc) => delete objectAt(doc, 'sections', contact.form.index).submitLabel,
    },
  ]

  it.each(cases)('$name', async ({ id, path, edit }) => {
    const documents = seedWith(id, edit)
    const studio = await studioErrorPaths(documentById(documents, id), documents)
    serve(documents)
    const site = await buildFailure(path)
    expect(site).toContain(`Malformed content in ${id.split('.')[0]} "${id}" at `)
    expect(studio).toContain(sitePath(site))
  })

  it.each([
    '/contact',
    '#pricing',
    'https://example.com/a?b=c',
    'http://example.com',
    'mailto:team@example.com',
    'tel:+1 (864) 555-0142',
  ])('and accepts the link "%s" as the Studio does', async (href) => {
    const documents = seedWith(
      'page.home',
      (doc) => (objectAt(doc, 'sections', home.hero.index, 'actions', 0).href = href),
    )
    expect(await studioErrorPaths(documentById(documents, 'page.home'), documents)).toEqual([])
    serve(documents)
    expect(await buildFailure('/')).toBeNull()
  })
})
