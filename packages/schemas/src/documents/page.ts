import { DocumentIcon, HomeIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { validatePagePath } from '../lib/addressRules'
import { listOptions, stringField } from '../lib/fields'
import { uniqueSlugRule } from '../lib/validation'
import { type SectionTypeName, sectionTypes } from '../sections'

export const PAGE_FOOTERS = ['full', 'simple'] as const

const sectionGroups: { name: string; title: string; of: SectionTypeName[] }[] = [
  { name: 'intro', title: 'Intro', of: ['heroSection', 'countdownSection'] },
  {
    name: 'content',
    title: 'Content',
    of: [
      'featureGridSection',
      'pillarsSection',
      'challengeSolutionSection',
      'stepsSection',
      'statsSection',
      'platformListSection',
      'dashboardSection',
      'richTextSection',
      'rulesSection',
    ],
  },
  { name: 'proof', title: 'Proof', of: ['testimonialsSection', 'comparisonTableSection', 'faqSection'] },
  { name: 'offers', title: 'Offers and calls to action', of: ['pricingSection', 'guideOfferSection', 'ctaSection'] },
  {
    name: 'forms',
    title: 'Forms',
    of: ['contactFormSection', 'qualificationFormSection', 'giveawayFormSection', 'newsletterSection'],
  },
  {
    name: 'library',
    title: 'Resources and legal',
    of: ['resourceGridSection', 'legalDocumentSection', 'disclosureSection'],
  },
]

const toPath = (input: string) =>
  `/${input
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')}`

export const page = defineType({
  name: 'page',
  title: 'Page',
  description: 'A page of the website, built from a list of sections.',
  type: 'document',
  icon: DocumentIcon,
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'seo', title: 'SEO' },
  ],
  fields: [
    stringField('title', 'Internal name', { required: true, description: 'Shown only in the Studio.' }),
    defineField({
      name: 'path',
      title: 'Path',
      type: 'slug',
      description: 'The page address: "/" for the home page, otherwise e.g. /about or /webinar-strategy.',
      // Uniqueness is checked by the validation below, whose message names the clash.
      options: { source: 'title', slugify: toPath, isUnique: () => true },
      validation: (rule) => rule.required().custom(uniqueSlugRule('page', 'path', validatePagePath)),
    }),
    defineField({
      name: 'footer',
      title: 'Footer',
      type: 'string',
      description: 'Full: the site footer with all links. Simple: one line with the year and company name.',
      options: { list: listOptions(PAGE_FOOTERS), layout: 'radio', direction: 'horizontal' },
      initialValue: 'full',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      type: 'array',
      description: 'The blocks of the page, from top to bottom.',
      of: sectionTypes.map((section) => defineArrayMember({ type: section.name })),
      options: { insertMenu: { filter: true, groups: sectionGroups, views: [{ name: 'list' }] } },
    }),
    defineField({ name: 'seo', title: 'SEO', type: 'seo', group: 'seo', validation: (rule) => rule.required() }),
  ],
  preview: {
    select: { title: 'title', path: 'path.current' },
    prepare: ({ title, path }: { title?: string; path?: string }) => ({
      title: title || 'Untitled page',
      subtitle: path,
      media: path === '/' ? HomeIcon : DocumentIcon,
    }),
  },
})
