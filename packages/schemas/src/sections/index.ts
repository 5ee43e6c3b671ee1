import { challengeSolutionSection } from './ChallengeSolutionSection'
import { comparisonTableSection } from './ComparisonTableSection'
import { contactFormSection } from './ContactFormSection'
import { countdownSection } from './CountdownSection'
import { ctaSection } from './CtaSection'
import { dashboardSection } from './DashboardSection'
import { disclosureSection } from './DisclosureSection'
import { faqSection } from './FaqSection'
import { featureGridSection } from './FeatureGridSection'
import { giveawayFormSection } from './GiveawayFormSection'
import { guideOfferSection } from './GuideOfferSection'
import { heroSection } from './HeroSection'
import { legalDocumentSection } from './LegalDocumentSection'
import { newsletterSection } from './NewsletterSection'
import { pillarsSection } from './PillarsSection'
import { platformListSection } from './PlatformListSection'
import { pricingSection } from './PricingSection'
import { qualificationFormSection } from './QualificationFormSection'
import { resourceGridSection } from './ResourceGridSection'
import { richTextSection } from './RichTextSection'
import { rulesSection } from './RulesSection'
import { statsSection } from './StatsSection'
import { stepsSection } from './StepsSection'
import { testimonialsSection } from './TestimonialsSection'

export const sectionTypes = [
  heroSection,
  featureGridSection,
  pillarsSection,
  challengeSolutionSection,
  testimonialsSection,
  faqSection,
  comparisonTableSection,
  stepsSection,
  statsSection,
  pricingSection,
  ctaSection,
  richTextSection,
  platformListSection,
  dashboardSection,
  countdownSection,
  rulesSection,
  disclosureSection,
  resourceGridSection,
  legalDocumentSection,
  contactFormSection,
  qualificationFormSection,
  giveawayFormSection,
  guideOfferSection,
  newsletterSection,
]

export const SECTION_TYPE_NAMES = [
  'heroSection',
  'featureGridSection',
  'pillarsSection',
  'challengeSolutionSection',
  'testimonialsSection',
  'faqSection',
  'comparisonTableSection',
  'stepsSection',
  'statsSection',
  'pricingSection',
  'ctaSection',
  'richTextSection',
  'platformListSection',
  'dashboardSection',
  'countdownSection',
  'rulesSection',
  'disclosureSection',
  'resourceGridSection',
  'legalDocumentSection',
  'contactFormSection',
  'qualificationFormSection',
  'giveawayFormSection',
  'guideOfferSection',
  'newsletterSection',
] as const satisfies readonly (typeof sectionTypes)[number]['name'][]

export type SectionTypeName = (typeof SECTION_TYPE_NAMES)[number]

// Compile-time check that every schema in sectionTypes is also listed in SECTION_TYPE_NAMES.
const allSectionsNamed: readonly SectionTypeName[] = sectionTypes.map((type) => type.name)
void allSectionsNamed

export {
  challengeSolutionSection,
  comparisonTableSection,
  contactFormSection,
  countdownSection,
  ctaSection,
  dashboardSection,
  disclosureSection,
  faqSection,
  featureGridSection,
  giveawayFormSection,
  guideOfferSection,
  heroSection,
  legalDocumentSection,
  newsletterSection,
  pillarsSection,
  platformListSection,
  pricingSection,
  qualificationFormSection,
  resourceGridSection,
  richTextSection,
  rulesSection,
  statsSection,
  stepsSection,
  testimonialsSection,
}
