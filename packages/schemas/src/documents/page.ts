import { DocumentIcon, HomeIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'
import { listOptions, stringField } from '../lib/fields'
import { uniqueSlugRule } from '../lib/validation'
import { SECTION_INSERT_GROUPS, sectionTypes } from '../sections'

export const PAGE_FOOTERS = ['full', 'simple'] as const

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
    stringField('title', 'Page title', {
      required: true,
      description: 'Names the page in the Studio, and in search results when the SEO title is empty.',
    }),
    defineField({
      name: 'path',
      title: 'Path',
      type: 'slug',
      description: 'The page address: "/" for the home page, otherwise e.g. /about or /webinar-strategy.',
      // Uniqueness is checked by the validation below, whose message names the clash.
      options: { source: 'title', slugify: toPath, isUnique: () => true },
      validation: (rule) =>
        rule
          .required()
          .custom(CONTENT_CHECKS.pagePath)
          .custom(uniqueSlugRule('page', 'path', CONTENT_CHECKS.pagePath)),
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
      options: {
        insertMenu: {
          filter: true,
          groups: SECTION_INSERT_GROUPS.map(({ name, title, of }) => ({
            name,
            title,
            of: of.map((type) => type.name),
          })),
          views: [{ name: 'list' }],
        },
      },
    }),
    defineField({ name: 'seo', title: 'SEO', type: 'seo', group: 'seo' }),
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
