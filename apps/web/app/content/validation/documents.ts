import { CONTENT_RULES, type ContentRules } from '@site/schemas/contentRules'
import { z } from 'zod'
import type { ROUTE_PATHS_QUERY_RESULT, ROUTE_QUERY_RESULT } from '../sanity.types'
import { asGenerated, contentSchemaCompiler, type Projection, type SectionProjections } from './fromSchema'

/**
 * What ROUTE_QUERY and ROUTE_PATHS_QUERY (app/content/queries.ts) return, written as their projections: the
 * fields each one lists, and where it reads a slug's `current` or follows a reference (`->`). Every rule of
 * every field comes from the schema (fromSchema.ts).
 */

/** A resource as a card of the library: the fields `resourceGridSection` projects. */
const resourceCard: Projection = {
  _id: true,
  title: true,
  slug: 'current',
  category: true,
  description: true,
  publishedAt: true,
  readTime: true,
  coverImage: true,
}

/** The sections whose fields the route query projects differently from `...`. */
const SECTION_PROJECTIONS: SectionProjections = {
  testimonialsSection: { testimonials: { _id: true, metric: true, label: true, quote: true, role: true } },
  faqSection: { items: { _id: true, question: true, answer: true } },
  comparisonTableSection: { rows: { _id: true, feature: true, ourValue: true, competitorValue: true } },
  resourceGridSection: { featured: resourceCard, resources: resourceCard },
  legalDocumentSection: { document: { title: true, documentUrl: true } },
}

/** The schemas of the route query and the route list, compiled from content rules. */
export function contentSchemas(rules: ContentRules) {
  const { projectedDocument, fieldValue } = contentSchemaCompiler(rules)

  const siteSettings = projectedDocument('siteSettings', {
    companyName: true,
    tagline: true,
    description: true,
    mainNavigation: true,
    headerCta: true,
    signInLabel: true,
    footerColumns: true,
    footerTagline: true,
    footerBlurb: true,
    bottomLinks: true,
    copyrightText: true,
    contactEmail: true,
    contactPhone: true,
    landingPhone: true,
    giveawayEndsAt: true,
    backToResourcesLabel: true,
    readTimeLabel: true,
    defaultShareImage: true,
    skipLinkLabel: true,
  })

  const page = projectedDocument(
    'page',
    { _id: true, _rev: true, title: true, path: 'current', seo: true, footer: true, sections: true },
    SECTION_PROJECTIONS,
  )

  const resource = projectedDocument('resource', {
    ...resourceCard,
    _rev: true,
    featured: true,
    gated: true,
    seo: true,
    body: true,
    gate: true,
    callToAction: true,
  })

  const routeContent = asGenerated<ROUTE_QUERY_RESULT>(
    z.object({
      // `giveawayEnded` is derived by the query (the time it ran against the end date), no field of the schema.
      settings: siteSettings.and(z.object({ giveawayEnded: z.boolean().nullable() })).nullable(),
      page: page.nullable(),
      resource: resource.nullable(),
    }),
  )

  const routePaths = asGenerated<ROUTE_PATHS_QUERY_RESULT>(
    z.object({
      pages: z.array(projectedDocument('page', { _id: true, path: 'current' })),
      resources: z.array(projectedDocument('resource', { _id: true, slug: 'current' })),
      embedUrls: z.array(fieldValue('legalEmbed', 'documentUrl')),
      redirects: z.array(projectedDocument('redirect', { _id: true, from: true, to: true, permanent: true })),
    }),
  )

  return { routeContent, routePaths }
}

export const { routeContent, routePaths } = contentSchemas(CONTENT_RULES)
