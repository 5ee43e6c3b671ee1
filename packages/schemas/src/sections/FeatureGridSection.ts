import { ThLargeIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, introField, listOptions, sectionPreview } from '../lib/fields'

export const FEATURE_GRID_COLUMNS = [2, 3, 4] as const
export const FEATURE_GRID_VARIANTS = ['cards', 'compact', 'numbered'] as const

export const featureGridSection = defineType({
  name: 'featureGridSection',
  title: 'Feature grid',
  description: 'A grid of feature cards, each with an icon, a title, a description and bullet points.',
  type: 'object',
  icon: ThLargeIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    defineField({
      name: 'columns',
      title: 'Columns',
      type: 'number',
      description: 'Cards per row on wide screens.',
      options: { list: listOptions(FEATURE_GRID_COLUMNS), layout: 'radio', direction: 'horizontal' },
      initialValue: 3,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'variant',
      title: 'Card style',
      type: 'string',
      options: { list: listOptions(FEATURE_GRID_VARIANTS), layout: 'radio', direction: 'horizontal' },
      initialValue: 'cards',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'items',
      title: 'Cards',
      type: 'array',
      of: [defineArrayMember({ type: 'featureCard' })],
      validation: (rule) => rule.required().min(1),
    }),
    anchorField(),
  ],
  preview: sectionPreview('Feature grid', ThLargeIcon),
})
