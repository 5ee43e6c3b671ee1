import type { SchemaTypeDefinition } from 'sanity'
import { campaignSpend } from './documents/campaignSpend'
import { comparisonRow } from './documents/comparisonRow'
import { experiment } from './documents/experiment'
import { faq } from './documents/faq'
import { leadRouting } from './documents/leadRouting'
import { legalEmbed } from './documents/legalEmbed'
import { page } from './documents/page'
import { redirect } from './documents/redirect'
import { resource } from './documents/resource'
import { siteSettings } from './documents/siteSettings'
import { testimonial } from './documents/testimonial'
import { articleImage } from './objects/articleImage'
import { aside } from './objects/aside'
import { callToAction } from './objects/callToAction'
import { dashboard, metric, mockCampaign, mockLead, mockRegistrant } from './objects/dashboard'
import { featureCard } from './objects/featureCard'
import { footerColumn } from './objects/footerColumn'
import { icon } from './objects/icon'
import { imageAsset } from './objects/imageAsset'
import { link } from './objects/link'
import { pillar } from './objects/pillar'
import { platform } from './objects/platform'
import { questionCopy } from './objects/questionCopy'
import { resourceGate } from './objects/resourceGate'
import { callout, richText, table, tableRow } from './objects/richText'
import { seo } from './objects/seo'
import { stat } from './objects/stat'
import { step } from './objects/step'
import { sectionTypes } from './sections'

export { SINGLETON_TYPES } from './constants'

export const documentTypes = [
  siteSettings,
  page,
  resource,
  testimonial,
  faq,
  comparisonRow,
  legalEmbed,
  redirect,
  leadRouting,
  experiment,
  campaignSpend,
]

export const objectTypes = [
  link,
  seo,
  icon,
  imageAsset,
  articleImage,
  richText,
  callout,
  table,
  tableRow,
  footerColumn,
  resourceGate,
  callToAction,
  aside,
  featureCard,
  pillar,
  step,
  stat,
  platform,
  questionCopy,
  dashboard,
  metric,
  mockLead,
  mockCampaign,
  mockRegistrant,
]

export const schemaTypes: SchemaTypeDefinition[] = [...documentTypes, ...objectTypes, ...sectionTypes]

export { PAGE_FOOTERS } from './documents/page'
export { RESOURCE_CATEGORIES } from './documents/resource'
export { DASHBOARD_KINDS, LEAD_STATUSES } from './objects/dashboard'
export { ICON_NAMES, type IconName } from './objects/icon'
export { LINK_STYLES } from './objects/link'
export { CALLOUT_TONES } from './objects/richText'
export { SECTION_TYPE_NAMES, type SectionTypeName, sectionTypes } from './sections'
export { CTA_TONES } from './sections/CtaSection'
export { FEATURE_GRID_COLUMNS, FEATURE_GRID_VARIANTS } from './sections/FeatureGridSection'
export { HERO_ALIGNMENTS } from './sections/HeroSection'
export { STEPS_VARIANTS } from './sections/StepsSection'
