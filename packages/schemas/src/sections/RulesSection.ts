import { UlistIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, introField, sectionPreview, stringListField } from '../lib/fields'

export const rulesSection = defineType({
  name: 'rulesSection',
  title: 'Rules',
  description: 'A checklist of rules or conditions, such as giveaway rules.',
  type: 'object',
  icon: UlistIcon,
  fields: [eyebrowField(), headingField(), introField(), stringListField('rules', 'Rules', { min: 1 }), anchorField()],
  preview: sectionPreview('Rules', UlistIcon),
})
