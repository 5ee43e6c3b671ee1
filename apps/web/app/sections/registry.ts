import type { ComponentType } from 'react'
import type { SectionType } from '../content/types'
import { type LazyComponent, lazyComponent } from '../islands/lazyComponent'
import type { SectionProps } from './SectionProps'

export interface SectionEntry<T extends SectionType> {
  /** The component, of the same name as the type, in a module of its own that loads on demand. */
  component: LazyComponent<SectionProps<T>>
  /**
   * Needs JavaScript to work (state, timers, forms), so it is hydrated when the page first loads. A
   * section that is not interactive keeps its prerendered markup then, and its module is not loaded
   * until a client navigation renders it (islands/StaticIsland).
   */
  interactive: boolean
  /** Shows toasts (sonner): a page with such a section loads the notification region with it. */
  showsToasts: boolean
}

const sectionOf =
  (traits: Omit<SectionEntry<SectionType>, 'component'>) =>
  <P extends object>(load: () => Promise<ComponentType<P>>) => ({ component: lazyComponent(load), ...traits })
const staticSection = sectionOf({ interactive: false, showsToasts: false })
const interactiveSection = sectionOf({ interactive: true, showsToasts: false })
/** A lead form: interactive, and it confirms or reports a send with a toast. */
const formSection = sectionOf({ interactive: true, showsToasts: true })

/** Each section `_type` of the schema and the one component, of the same name, that renders it. */
export const sectionRegistry: { [T in SectionType]: SectionEntry<T> } = {
  heroSection: staticSection(() => import('./HeroSection').then((module) => module.HeroSection)),
  qualificationFormSection: formSection(() =>
    import('./QualificationFormSection').then((module) => module.QualificationFormSection),
  ),
  contactFormSection: formSection(() => import('./ContactFormSection').then((module) => module.ContactFormSection)),
  giveawayFormSection: formSection(() => import('./GiveawayFormSection').then((module) => module.GiveawayFormSection)),
  guideOfferSection: formSection(() => import('./GuideOfferSection').then((module) => module.GuideOfferSection)),
  newsletterSection: interactiveSection(() => import('./NewsletterSection').then((module) => module.NewsletterSection)),
  richTextSection: staticSection(() => import('./RichTextSection').then((module) => module.RichTextSection)),
  dashboardSection: staticSection(() => import('./DashboardSection').then((module) => module.DashboardSection)),
  countdownSection: interactiveSection(() => import('./CountdownSection').then((module) => module.CountdownSection)),
  rulesSection: staticSection(() => import('./RulesSection').then((module) => module.RulesSection)),
  disclosureSection: staticSection(() => import('./DisclosureSection').then((module) => module.DisclosureSection)),
  resourceGridSection: staticSection(() =>
    import('./ResourceGridSection').then((module) => module.ResourceGridSection),
  ),
  legalDocumentSection: staticSection(() =>
    import('./LegalDocumentSection').then((module) => module.LegalDocumentSection),
  ),
  featureGridSection: staticSection(() => import('./FeatureGridSection').then((module) => module.FeatureGridSection)),
  pillarsSection: staticSection(() => import('./PillarsSection').then((module) => module.PillarsSection)),
  challengeSolutionSection: staticSection(() =>
    import('./ChallengeSolutionSection').then((module) => module.ChallengeSolutionSection),
  ),
  testimonialsSection: staticSection(() =>
    import('./TestimonialsSection').then((module) => module.TestimonialsSection),
  ),
  faqSection: staticSection(() => import('./FaqSection').then((module) => module.FaqSection)),
  comparisonTableSection: staticSection(() =>
    import('./ComparisonTableSection').then((module) => module.ComparisonTableSection),
  ),
  statsSection: staticSection(() => import('./StatsSection').then((module) => module.StatsSection)),
  ctaSection: staticSection(() => import('./CtaSection').then((module) => module.CtaSection)),
  pricingSection: staticSection(() => import('./PricingSection').then((module) => module.PricingSection)),
  stepsSection: staticSection(() => import('./StepsSection').then((module) => module.StepsSection)),
  platformListSection: staticSection(() =>
    import('./PlatformListSection').then((module) => module.PlatformListSection),
  ),
}
