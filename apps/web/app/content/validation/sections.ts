import { z } from 'zod'
import {
  anchor,
  dereferencedList,
  httpsUrl,
  isoDate,
  keyed,
  keyedArray,
  link,
  linkList,
  oneOf,
  optionalString,
  requiredString,
  stringList,
  typed,
} from './builders'
import { aside, dashboard, featureCard, imageAsset, pillar, platform, questionCopy, stat, step } from './objects'
import { richText } from './richText'

/** One schema per section type of packages/schemas/src/sections, as ROUTE_QUERY returns it. */

const section = <const T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  keyed(typed(type, { ...shape, anchor: anchor() }))

// The fields most sections share (lib/fields.ts): eyebrow, a required heading, an intro.
const eyebrow = optionalString
const heading = requiredString
const intro = optionalString
const text = optionalString

export const heroSection = section('heroSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  highlight: optionalString(),
  text: text(),
  actions: linkList().optional(),
  highlights: stringList().optional(),
  backgroundImage: imageAsset.optional(),
  badge: optionalString(),
  align: oneOf(['left', 'center']),
})

export const featureGridSection = section('featureGridSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  columns: z.literal([2, 3, 4]),
  variant: oneOf(['cards', 'compact', 'numbered']),
  items: keyedArray(featureCard, { min: 1 }),
})

export const pillarsSection = section('pillarsSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  pillars: keyedArray(pillar, { min: 1 }),
  link: link.optional(),
})

export const challengeSolutionSection = section('challengeSolutionSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  challengeTitle: requiredString(),
  challenges: stringList({ min: 1 }),
  solutionTitle: requiredString(),
  solutions: stringList({ min: 1 }),
  link: link.optional(),
})

export const testimonialsSection = section('testimonialsSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  testimonials: dereferencedList({
    _id: z.string(),
    metric: requiredString(),
    label: requiredString(),
    quote: requiredString(),
    role: requiredString(),
  }),
})

export const faqSection = section('faqSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  items: dereferencedList({ _id: z.string(), question: requiredString(), answer: requiredString() }),
})

export const comparisonTableSection = section('comparisonTableSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  featureLabel: requiredString(),
  ourLabel: requiredString(),
  competitorLabel: requiredString(),
  rows: dereferencedList({
    _id: z.string(),
    feature: requiredString(),
    ourValue: requiredString(),
    competitorValue: requiredString(),
  }),
  link: link.optional(),
})

export const stepsSection = section('stepsSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  variant: oneOf(['timeline', 'cards', 'list']),
  steps: keyedArray(step, { min: 1 }),
  link: link.optional(),
})

export const statsSection = section('statsSection', {
  eyebrow: eyebrow(),
  heading: optionalString(),
  intro: intro(),
  stats: keyedArray(stat, { min: 1 }),
})

export const pricingSection = section('pricingSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  planName: requiredString(),
  price: requiredString(),
  originalPrice: optionalString(),
  priceNote: optionalString(),
  features: stringList({ min: 1 }),
  guarantee: optionalString(),
  action: link,
  footnote: optionalString(),
})

export const ctaSection = section('ctaSection', {
  heading: heading(),
  text: text(),
  actions: linkList({ min: 1 }),
  note: optionalString(),
  tone: oneOf(['brand', 'light']),
})

export const richTextSection = section('richTextSection', {
  eyebrow: eyebrow(),
  heading: optionalString(),
  body: richText,
  aside: aside.optional(),
})

export const platformListSection = section('platformListSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  platforms: keyedArray(platform, { min: 1 }),
})

export const dashboardSection = section('dashboardSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  text: text(),
  points: stringList().optional(),
  actions: linkList().optional(),
  reverse: z.boolean().optional(),
  dashboard,
})

export const countdownSection = section('countdownSection', {
  heading: heading(),
  text: text(),
  daysLabel: requiredString(),
  hoursLabel: requiredString(),
  minutesLabel: requiredString(),
  secondsLabel: requiredString(),
})

export const rulesSection = section('rulesSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  rules: stringList({ min: 1 }),
})

export const disclosureSection = section('disclosureSection', { heading: heading(), body: richText })

/** A resource as a card of the library: the fields `resourceGridSection` projects. */
const resourceCardFields = {
  _id: z.string(),
  title: requiredString(),
  slug: requiredString(),
  category: oneOf(['Guide', 'Article', 'Training Guide']),
  description: requiredString(),
  publishedAt: isoDate(),
  readTime: z.int().min(0), // the Studio's `positive()`, which accepts zero
}

export const resourceGridSection = section('resourceGridSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  intro: intro(),
  featuredLabel: optionalString(),
  featured: z.object(resourceCardFields).nullable(),
  resources: dereferencedList(resourceCardFields),
  readMoreLabel: requiredString(),
})

export const legalDocumentSection = section('legalDocumentSection', {
  heading: heading(),
  intro: intro(),
  // null when no document is chosen, or the one chosen is missing or unpublished
  document: z.object({ title: requiredString(), documentUrl: httpsUrl() }),
})

export const contactFormSection = section('contactFormSection', {
  heading: heading(),
  text: text(),
  nameLabel: requiredString(),
  namePlaceholder: optionalString(),
  emailLabel: requiredString(),
  emailPlaceholder: optionalString(),
  phoneLabel: requiredString(),
  phonePlaceholder: optionalString(),
  companyLabel: requiredString(),
  companyPlaceholder: optionalString(),
  interestLabel: requiredString(),
  interestPlaceholder: optionalString(),
  messageLabel: requiredString(),
  messagePlaceholder: optionalString(),
  detailsHeading: requiredString(),
  detailsText: optionalString(),
  emailCaption: optionalString(),
  phoneCaption: optionalString(),
  responseHeading: optionalString(),
  responseText: optionalString(),
})

/** The Studio's rule: one wording per question. */
const questionWordings = keyedArray(questionCopy).superRefine((questions, context) => {
  const seen = new Set<string>()
  questions.forEach(({ questionId }, index) => {
    if (seen.has(questionId)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'questionId'],
        message: `"${questionId}" has more than one wording; keep one per question`,
      })
    }
    seen.add(questionId)
  })
})

export const qualificationFormSection = section('qualificationFormSection', {
  heading: heading(),
  text: text(),
  questions: questionWordings.optional(),
  successText: optionalString(),
  websiteLabel: requiredString(),
  phoneCaption: optionalString(),
  disqualifiedHeading: requiredString(),
})

export const giveawayFormSection = section('giveawayFormSection', {
  heading: heading(),
  text: text(),
  fullNameLabel: requiredString(),
  emailLabel: requiredString(),
  phoneLabel: requiredString(),
  companyLabel: requiredString(),
  titleLabel: requiredString(),
  optInLabel: requiredString(),
  submitLabel: requiredString(),
  confirmationHeading: requiredString(),
  confirmationText: optionalString(),
})

export const guideOfferSection = section('guideOfferSection', {
  eyebrow: eyebrow(),
  heading: heading(),
  text: text(),
  originalPrice: optionalString(),
  price: requiredString(),
  nameLabel: requiredString(),
  emailLabel: requiredString(),
  submitLabel: requiredString(),
  guarantee: optionalString(),
  points: stringList().optional(),
})

export const newsletterSection = section('newsletterSection', {
  heading: heading(),
  text: text(),
  emailLabel: requiredString(),
  emailPlaceholder: optionalString(),
  submitLabel: requiredString(),
  note: optionalString(),
})

export const pageSection = z.discriminatedUnion('_type', [
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
])
