import { readFileSync } from 'node:fs'
import { createClient } from '@sanity/client'
import { parseNdjson, type SanityDocument as SeedDocument, seedFilePath } from '@site/content-api'
import { contentApiHandlers, MSW_CONTENT_API_ORIGIN } from '@site/content-api/msw'
import { schemaTypes } from '@site/schemas'
import { createSchema, type SanityDocument, type ValidationMarker, validateDocument, type Workspace } from 'sanity'
import { beforeAll, describe, expect, it } from 'vitest'
import { server } from './support/mswServer'

const schema = createSchema({ name: 'default', types: schemaTypes })
const seed = parseNdjson(readFileSync(seedFilePath(), 'utf8'))

/** The route table of SPEC.md section 2: each of these must be a document of the seed. */
const SPEC_ROUTES = [
  '/',
  '/solutions',
  '/app',
  '/funnels',
  '/ads',
  '/about',
  '/resources',
  '/resources/lead-generation-guide',
  '/resources/scaling-guide',
  '/resources/marketing-automation',
  '/resources/lead-qualification',
  '/resources/sales-funnel',
  '/resources/sales-enablement-roi',
  '/resources/lead-enrichment',
  '/resources/calendly-setup',
  '/resources/eight-steps-selling',
  '/contact',
  '/ad-app',
  '/ad-funnels',
  '/qualify',
  '/sales-guide-offer',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/webinar-strategy',
  '/conference-giveaway',
]

const pathOf = (path: Array<string | number | { _key: string } | [number, number]>) =>
  path
    .map((segment) =>
      typeof segment === 'object' && '_key' in segment ? `[_key=="${segment._key}"]` : `.${String(segment)}`,
    )
    .join('')
    .replace(/^\./, '')

/**
 * Validates documents with the Studio's own validation (required fields, lengths, allowed values,
 * custom rules, references), against the given dataset, plus the checks Sanity's import makes.
 * Returns "documentId field.path: message" lines.
 */
async function validateDataset(documents: SeedDocument[]): Promise<{ errors: string[]; warnings: string[] }> {
  const ids = new Set(documents.map((doc) => doc._id))
  // Custom validators (unique page paths) query these documents through msw's embedded query API.
  server.use(...contentApiHandlers({ documents }))
  const client = createClient({
    projectId: 'embedded',
    dataset: 'production',
    apiVersion: '2025-02-19',
    useCdn: false,
    apiHost: MSW_CONTENT_API_ORIGIN,
    useProjectHostname: false,
  })
  // validateDocument reads only the schema and the client of the workspace.
  const workspace = { schema, getClient: () => client } as unknown as Workspace
  const errors: string[] = []
  const warnings: string[] = []
  for (const document of documents) {
    if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(document._id)) errors.push(`${document._id}: invalid document id`)
    if (!schema.get(document._type)) {
      errors.push(`${document._id}: unknown type "${document._type}"`)
      continue
    }
    const markers: ValidationMarker[] = await validateDocument({
      document: document as SanityDocument,
      workspace,
      environment: 'studio', // as editors see it: the CLI reports custom rules as warnings
      getDocumentExists: async ({ id }) => ids.has(id),
    })
    for (const marker of markers) {
      const line = `${document._id} ${pathOf(marker.path as never)}: ${marker.message}`
      if (marker.level === 'error') errors.push(line)
      else if (marker.level === 'warning') warnings.push(line)
    }
    errors.push(...structuralProblems(document, ids))
  }
  return { errors, warnings }
}

/** What Sanity's import rejects or the site cannot resolve: missing or repeated _keys, dangling references. */
function structuralProblems(document: SeedDocument, ids: Set<string>): string[] {
  const problems: string[] = []
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      const keys = new Set<string>()
      value.forEach((item, index) => {
        if (item && typeof item === 'object') {
          const key = (item as { _key?: unknown })._key
          if (typeof key !== 'string') problems.push(`${document._id} ${path}[${index}]: array item without _key`)
          else if (keys.has(key)) problems.push(`${document._id} ${path}[_key=="${key}"]: duplicate _key`)
          else keys.add(key)
        }
        visit(item, `${path}[${index}]`)
      })
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>
      if (record._type === 'reference' && typeof record._ref === 'string' && !ids.has(record._ref)) {
        problems.push(`${document._id} ${path}: reference to missing document "${record._ref}"`)
      }
      for (const [key, inner] of Object.entries(record)) visit(inner, path ? `${path}.${key}` : key)
    }
  }
  visit(document, '')
  return problems
}

describe('the seed dataset', () => {
  let result: { errors: string[]; warnings: string[] }
  beforeAll(async () => {
    result = await validateDataset(seed)
  }, 60_000)

  it('is valid against the schema: no error in any document', () => {
    expect(result.errors).toEqual([])
  })

  it('has no validation warning either (SEO lengths, highlights, table shapes)', () => {
    expect(result.warnings).toEqual([])
  })

  it('has a page or resource document for every route of the specification', () => {
    const routes = new Set(
      seed.flatMap((doc) => {
        if (doc._type === 'page') return [(doc.path as { current: string }).current]
        if (doc._type === 'resource') return [`/resources/${(doc.slug as { current: string }).current}`]
        return []
      }),
    )
    expect([...routes].sort()).toEqual([...SPEC_ROUTES].sort())
  })

  it('has exactly one site settings document, with the id the site reads', () => {
    expect(seed.filter((doc) => doc._type === 'siteSettings').map((doc) => doc._id)).toEqual(['siteSettings'])
  })
})

describe('seed validation reports a broken document by id and field path', () => {
  const about = seed.find((doc) => doc._id === 'page.about')!
  const faq = seed.find((doc) => doc._type === 'faq')!
  const check = async (broken: SeedDocument) => {
    const others = seed.filter((doc) => doc._id !== broken._id)
    return validateDataset([...others, broken]).then(({ errors, warnings }) => ({
      errors: errors.filter((line) => line.startsWith(`${broken._id} `) || line.startsWith(`${broken._id}:`)),
      warnings: warnings.filter((line) => line.startsWith(`${broken._id} `)),
    }))
  }

  it('a missing required field', async () => {
    const { question: _removed, ...withoutQuestion } = faq
    const { errors } = await check(withoutQuestion as SeedDocument)
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^${faq._id.replace('.', '\\.')} question: `))])
  })

  it('a javascript: link', async () => {
    const settings = seed.find((doc) => doc._id === 'siteSettings')!
    const broken = { ...settings, headerCta: { ...(settings.headerCta as object), href: 'javascript:alert(1)' } }
    const { errors } = await check(broken)
    expect(errors.some((line) => line.startsWith('siteSettings headerCta.href: '))).toBe(true)
  })

  it('an SEO title over 60 characters is a warning', async () => {
    const broken = { ...about, seo: { _type: 'seo', title: 'x'.repeat(61), description: 'A description.' } }
    const { warnings } = await check(broken)
    expect(warnings.some((line) => line.startsWith('page.about seo.title: '))).toBe(true)
  })

  it('a dangling reference and a repeated _key', async () => {
    const sections = about.sections as Array<Record<string, unknown>>
    const broken = {
      ...about,
      sections: [...sections, { ...sections[0], _key: sections[0]!._key }],
    }
    const { errors } = await check(broken)
    expect(errors).toContain(`page.about sections[_key=="${String(sections[0]!._key)}"]: duplicate _key`)
    const withDangling = { ...faq, _id: 'faq.extra' }
    const referencing = {
      ...about,
      sections: [
        {
          _type: 'faqSection',
          _key: 'f1',
          heading: 'FAQ',
          items: [{ _type: 'reference', _ref: 'faq.missing', _key: 'r1' }],
        },
      ],
    }
    const dangling = await validateDataset([
      ...seed.filter((doc) => doc._id !== 'page.about'),
      withDangling,
      referencing,
    ])
    expect(dangling.errors).toContain('page.about sections[0].items[0]: reference to missing document "faq.missing"')
  })

  it('two pages with the same route path', async () => {
    const copy = { ...about, _id: 'page.about-copy' }
    const { errors } = await check(copy)
    expect(errors.some((line) => line.startsWith('page.about-copy path'))).toBe(true)
  })
})
