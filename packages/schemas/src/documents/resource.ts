import { BookIcon, LockIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'
import { listOptions, stringField, textField } from '../lib/fields'
import { uniqueSlugRule } from '../lib/validation'

export const RESOURCE_CATEGORIES = ['Guide', 'Article', 'Training Guide'] as const

export const resource = defineType({
  name: 'resource',
  title: 'Resource',
  description: 'A guide or article of the resource library, published at /resources/<slug>.',
  type: 'document',
  icon: BookIcon,
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'access', title: 'Access form' },
    { name: 'seo', title: 'SEO' },
  ],
  fields: [
    stringField('title', 'Title', { required: true }),
    defineField({
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      description: 'The last part of the address: "scaling-guide" publishes at /resources/scaling-guide.',
      // Uniqueness is checked by the validation below, whose message names the clash.
      options: { source: 'title', maxLength: 96, isUnique: () => true },
      validation: (rule) =>
        rule
          .required()
          .custom(CONTENT_CHECKS.resourceSlug)
          .custom(uniqueSlugRule('resource', 'slug', CONTENT_CHECKS.resourceSlug)),
    }),
    defineField({
      name: 'category',
      title: 'Category',
      type: 'string',
      options: { list: listOptions(RESOURCE_CATEGORIES), layout: 'radio', direction: 'horizontal' },
      validation: (rule) => rule.required(),
    }),
    textField('description', 'Description', { required: true, description: 'Summary shown on the resource card.' }),
    defineField({
      name: 'publishedAt',
      title: 'Published on',
      type: 'date',
      description: 'Shown as month and year.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'readTime',
      title: 'Reading time (minutes)',
      type: 'number',
      validation: (rule) => rule.required().integer().positive(),
    }),
    defineField({
      name: 'featured',
      title: 'Featured',
      type: 'boolean',
      description: 'Highlight this resource at the top of the library.',
      initialValue: false,
    }),
    defineField({
      name: 'coverImage',
      title: 'Cover image',
      type: 'imageAsset',
      description:
        'Optional. Shown under the title of the article and at the top of its card in the library, cut to a wide frame around its focal point.',
    }),
    defineField({ name: 'body', title: 'Body', type: 'richText', validation: (rule) => rule.required() }),
    defineField({
      name: 'callToAction',
      title: 'Closing call to action',
      type: 'callToAction',
      description: 'Optional box at the end of the article.',
    }),
    defineField({
      name: 'gated',
      title: 'Gated',
      type: 'boolean',
      description: 'Visitors must fill in the access form before reading.',
      initialValue: false,
      group: 'access',
    }),
    defineField({
      name: 'gate',
      title: 'Access form',
      type: 'resourceGate',
      group: 'access',
      hidden: ({ document }) => !document?.gated,
      validation: (rule) => rule.custom(CONTENT_CHECKS.accessFormWhenGated),
    }),
    defineField({ name: 'seo', title: 'SEO', type: 'seo', group: 'seo' }),
  ],
  orderings: [{ title: 'Newest first', name: 'publishedAtDesc', by: [{ field: 'publishedAt', direction: 'desc' }] }],
  preview: {
    select: { title: 'title', slug: 'slug.current', category: 'category', gated: 'gated' },
    prepare: ({
      title,
      slug,
      category,
      gated,
    }: {
      title?: string
      slug?: string
      category?: string
      gated?: boolean
    }) => ({
      title: title || 'Untitled resource',
      subtitle: [category, slug && `/resources/${slug}`].filter(Boolean).join(' · '),
      media: gated ? LockIcon : BookIcon,
    }),
  },
})
