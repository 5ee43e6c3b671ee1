import { BarChartIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, introField, sectionPreview } from '../lib/fields'

export const statsSection = defineType({
  name: 'statsSection',
  title: 'Statistics',
  description: 'A row of headline numbers such as "3x conversion rate".',
  type: 'object',
  icon: BarChartIcon,
  fields: [
    eyebrowField(),
    headingField({ required: false }),
    introField(),
    defineField({
      name: 'stats',
      title: 'Statistics',
      type: 'array',
      of: [defineArrayMember({ type: 'stat' })],
      validation: (rule) => rule.required().min(1),
    }),
    anchorField(),
  ],
  preview: sectionPreview('Statistics', BarChartIcon),
})
