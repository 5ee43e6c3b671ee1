import { QUESTION_IDS } from '@site/schemas/constants'
import { z } from 'zod'
import { icon, keyedArray, link, oneOf, optionalString, requiredString, stringList, typed, urlPath } from './builders'

/** The object types of packages/schemas/src/objects that sections, pages and resources embed. */

export const seo = typed('seo', { title: requiredString(), description: requiredString() })

export const imageAsset = typed('imageAsset', { src: urlPath(), alt: optionalString() })

export const featureCard = typed('featureCard', {
  icon: icon().optional(),
  title: requiredString(),
  description: optionalString(),
  features: stringList().optional(),
  link: link.optional(),
})

export const pillar = typed('pillar', {
  label: optionalString(),
  title: requiredString(),
  description: optionalString(),
  features: stringList().optional(),
  icon: icon().optional(),
})

export const step = typed('step', {
  label: optionalString(),
  title: requiredString(),
  description: optionalString(),
  icon: icon().optional(),
  points: stringList().optional(),
})

export const stat = typed('stat', { value: requiredString(), label: requiredString(), description: optionalString() })

export const platform = typed('platform', {
  name: requiredString(),
  icon: icon().optional(),
  description: optionalString(),
  formats: stringList().optional(),
})

export const questionCopy = typed('questionCopy', {
  questionId: z.enum(QUESTION_IDS),
  prompt: requiredString(),
  help: optionalString(),
  placeholder: optionalString(),
})

export const aside = typed('aside', { title: requiredString(), points: stringList({ min: 1 }) })

export const callToAction = typed('callToAction', { heading: requiredString(), text: optionalString(), link })

export const resourceGate = typed('resourceGate', {
  heading: requiredString(),
  text: optionalString(),
  nameLabel: requiredString(),
  namePlaceholder: optionalString(),
  emailLabel: requiredString(),
  emailPlaceholder: optionalString(),
  phoneLabel: requiredString(),
  phonePlaceholder: optionalString(),
  privacyNote: optionalString(),
})

export const footerColumn = typed('footerColumn', { title: requiredString(), links: keyedArray(link, { min: 1 }) })

const metric = typed('metric', { label: requiredString(), value: requiredString(), trend: optionalString() })

const mockLead = typed('mockLead', {
  name: requiredString(),
  // The Studio's `rule.positive()` is `min(0)`: it accepts zero.
  age: z.int().min(0),
  assets: requiredString(),
  score: z.int().min(0).max(100),
  status: oneOf(['Qualified', 'Nurturing']),
})

const mockCampaign = typed('mockCampaign', {
  name: requiredString(),
  platform: requiredString(),
  spend: requiredString(),
  leads: z.int().min(0),
  costPerLead: requiredString(),
})

const mockRegistrant = typed('mockRegistrant', {
  name: requiredString(),
  webinar: requiredString(),
  registered: requiredString(),
  status: requiredString(),
})

export const dashboard = typed('dashboard', {
  kind: oneOf(['leads', 'campaigns', 'webinar']),
  title: requiredString(),
  caption: optionalString(),
  columnLabels: stringList().optional(),
  metrics: keyedArray(metric).optional(),
  leads: keyedArray(mockLead).optional(),
  campaigns: keyedArray(mockCampaign).optional(),
  registrants: keyedArray(mockRegistrant).optional(),
})
