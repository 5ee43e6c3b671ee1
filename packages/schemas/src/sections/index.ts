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

/**
 * Every section type, under the heading the page's "Add item" menu shows it (in this order). A new section
 * type is imported above and added to one group; the page's sections, the type names and the menu follow.
 */
export const SECTION_INSERT_GROUPS = [
  { name: 'intro', title: 'Intro', of: [heroSection, countdownSection] },
  {
    name: 'content',
    title: 'Content',
    of: [
      featureGridSection,
      pillarsSection,
      challengeSolutionSection,
      stepsSection,
      statsSection,
      platformListSection,
      dashboardSection,
      richTextSection,
      rulesSection,
    ],
  },
  { name: 'proof', title: 'Proof', of: [testimonialsSection, comparisonTableSection, faqSection] },
  { name: 'offers', title: 'Offers and calls to action', of: [pricingSection, guideOfferSection, ctaSection] },
  {
    name: 'forms',
    title: 'Forms',
    of: [contactFormSection, qualificationFormSection, giveawayFormSection, newsletterSection],
  },
  { name: 'library', title: 'Resources and legal', of: [resourceGridSection, legalDocumentSection, disclosureSection] },
] as const

type SectionSchema = (typeof SECTION_INSERT_GROUPS)[number]['of'][number]

export const sectionTypes: SectionSchema[] = SECTION_INSERT_GROUPS.flatMap(
  (group): readonly SectionSchema[] => group.of,
)

export type SectionTypeName = SectionSchema['name']

export const SECTION_TYPE_NAMES: readonly SectionTypeName[] = sectionTypes.map((type) => type.name)
