/**
 * Compile-time ties between the zod schemas and the types `pnpm typegen` generates from the Studio
 * schema and the queries: when either side changes without the other, `pnpm typecheck` fails here,
 * on the line of the schema that drifted. Nothing in this file runs.
 */
import type { Link, RichText, ROUTE_PATHS_QUERY_RESULT, ROUTE_QUERY_RESULT } from '../sanity.types'
import type { PageContent, ResourceContent, Section, SectionOf, SiteSettings } from '../types'
import type * as builders from './builders'
import type { Conforms, Expect } from './conforms'
import type * as documents from './documents'
import type * as richText from './richText'
import type * as sections from './sections'

export type ContentSchemaTies = [
  Expect<Conforms<typeof documents.routeContent, ROUTE_QUERY_RESULT>>,
  Expect<Conforms<typeof documents.routePaths, ROUTE_PATHS_QUERY_RESULT>>,
  Expect<Conforms<typeof documents.siteSettings, SiteSettings>>,
  Expect<Conforms<typeof documents.page, PageContent>>,
  Expect<Conforms<typeof documents.resource, ResourceContent>>,
  Expect<Conforms<typeof richText.richText, RichText>>,
  Expect<Conforms<typeof builders.link, Link>>,
  Expect<Conforms<typeof sections.pageSection, Section>>,
]

export type SectionSchemaTies = [
  Expect<Conforms<typeof sections.heroSection, SectionOf<'heroSection'>>>,
  Expect<Conforms<typeof sections.featureGridSection, SectionOf<'featureGridSection'>>>,
  Expect<Conforms<typeof sections.pillarsSection, SectionOf<'pillarsSection'>>>,
  Expect<Conforms<typeof sections.challengeSolutionSection, SectionOf<'challengeSolutionSection'>>>,
  Expect<Conforms<typeof sections.testimonialsSection, SectionOf<'testimonialsSection'>>>,
  Expect<Conforms<typeof sections.faqSection, SectionOf<'faqSection'>>>,
  Expect<Conforms<typeof sections.comparisonTableSection, SectionOf<'comparisonTableSection'>>>,
  Expect<Conforms<typeof sections.stepsSection, SectionOf<'stepsSection'>>>,
  Expect<Conforms<typeof sections.statsSection, SectionOf<'statsSection'>>>,
  Expect<Conforms<typeof sections.pricingSection, SectionOf<'pricingSection'>>>,
  Expect<Conforms<typeof sections.ctaSection, SectionOf<'ctaSection'>>>,
  Expect<Conforms<typeof sections.richTextSection, SectionOf<'richTextSection'>>>,
  Expect<Conforms<typeof sections.platformListSection, SectionOf<'platformListSection'>>>,
  Expect<Conforms<typeof sections.dashboardSection, SectionOf<'dashboardSection'>>>,
  Expect<Conforms<typeof sections.countdownSection, SectionOf<'countdownSection'>>>,
  Expect<Conforms<typeof sections.rulesSection, SectionOf<'rulesSection'>>>,
  Expect<Conforms<typeof sections.disclosureSection, SectionOf<'disclosureSection'>>>,
  Expect<Conforms<typeof sections.resourceGridSection, SectionOf<'resourceGridSection'>>>,
  Expect<Conforms<typeof sections.legalDocumentSection, SectionOf<'legalDocumentSection'>>>,
  Expect<Conforms<typeof sections.contactFormSection, SectionOf<'contactFormSection'>>>,
  Expect<Conforms<typeof sections.qualificationFormSection, SectionOf<'qualificationFormSection'>>>,
  Expect<Conforms<typeof sections.giveawayFormSection, SectionOf<'giveawayFormSection'>>>,
  Expect<Conforms<typeof sections.guideOfferSection, SectionOf<'guideOfferSection'>>>,
  Expect<Conforms<typeof sections.newsletterSection, SectionOf<'newsletterSection'>>>,
]
