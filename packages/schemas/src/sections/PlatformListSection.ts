import { EarthGlobeIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, introField, sectionPreview } from '../lib/fields'

export const platformListSection = defineType({
  name: 'platformListSection',
  title: 'Platforms',
  description: 'The advertising platforms used, each with a description and its ad formats.',
  type: 'object',
  icon: EarthGlobeIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    defineField({
      name: 'platforms',
      title: 'Platforms',
      type: 'array',
      of: [defineArrayMember({ type: 'platform' })],
      validation: (rule) => rule.required().min(1),
    }),
    anchorField(),
  ],
  preview: sectionPreview('Platforms', EarthGlobeIcon),
})
