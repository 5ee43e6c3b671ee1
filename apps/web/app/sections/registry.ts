import type { ComponentType } from 'react'
import type { SectionOf, SectionType, SiteSettings } from '../content/types'
import { HeroSection } from './HeroSection'
import { QualificationFormSection } from './QualificationFormSection'
import { ContactFormSection } from './ContactFormSection'
import { GiveawayFormSection } from './GiveawayFormSection'
import { GuideOfferSection } from './GuideOfferSection'
import { NewsletterSection } from './NewsletterSection'
import { RichTextSection } from './RichTextSection'
import { DashboardSection } from './DashboardSection'
import { CountdownSection } from './CountdownSection'
import { RulesSection } from './RulesSection'
import { DisclosureSection } from './DisclosureSection'
import { ResourceGridSection } from './ResourceGridSection'
import { LegalDocumentSection } from './LegalDocumentSection'
import { FeatureGridSection } from './FeatureGridSection'
import { PillarsSection } from './PillarsSection'
import { ChallengeSolutionSection } from './ChallengeSolutionSection'
import { TestimonialsSection } from './TestimonialsSection'
import { FaqSection } from './FaqSection'
import { ComparisonTableSection } from './ComparisonTableSection'
import { StatsSection } from './StatsSection'
import { CtaSection } from './CtaSection'
import { PricingSection } from './PricingSection'
import { StepsSection } from './StepsSection'
import { PlatformListSection } from './PlatformListSection'

/** `isPageHeading`: this section's heading is the page's one h1 (see pageHeadingIndex). */
export type SectionProps<T extends SectionType> = { section: SectionOf<T>; settings: SiteSettings; isPageHeading: boolean }
export type SectionComponent<S> = ComponentType<{ section: S; settings: SiteSettings; isPageHeading: boolean }>

/** Each section `_type` of the schema and the one component, of the same name, that renders it. */
export const sectionComponents: { [T in SectionType]?: SectionComponent<SectionOf<T>> } = {
  heroSection: HeroSection,
  qualificationFormSection: QualificationFormSection,
  contactFormSection: ContactFormSection,
  giveawayFormSection: GiveawayFormSection,
  guideOfferSection: GuideOfferSection,
  newsletterSection: NewsletterSection,
  richTextSection: RichTextSection,
  dashboardSection: DashboardSection,
  countdownSection: CountdownSection,
  rulesSection: RulesSection,
  disclosureSection: DisclosureSection,
  resourceGridSection: ResourceGridSection,
  legalDocumentSection: LegalDocumentSection,
  featureGridSection: FeatureGridSection,
  pillarsSection: PillarsSection,
  challengeSolutionSection: ChallengeSolutionSection,
  testimonialsSection: TestimonialsSection,
  faqSection: FaqSection,
  comparisonTableSection: ComparisonTableSection,
  statsSection: StatsSection,
  ctaSection: CtaSection,
  pricingSection: PricingSection,
  stepsSection: StepsSection,
  platformListSection: PlatformListSection,
}
