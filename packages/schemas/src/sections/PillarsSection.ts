import { TiersIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, introField, linkField, sectionPreview } from '../lib/fields'

export const pillarsSection = defineType({
  name: 'pillarsSection',
  title: 'Pillars',
  description: 'The main offerings side by side, each with a label, a description and its features.',
  type: 'object',
  icon: TiersIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    defineField({
      name: 'pillars',
      title: 'Pillars',
      type: 'array',
      of: [defineArrayMember({ type: 'pillar' })],
      validation: (rule) => rule.required().min(1),
    }),
    linkField('link', 'Link', { description: 'Optional link under the pillars.' }),
    anchorField(),
  ],
  preview: sectionPreview('Pillars', TiersIcon),
})
