import { OlistIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import {
  anchorField,
  eyebrowField,
  headingField,
  introField,
  linkField,
  listOptions,
  sectionPreview,
} from '../lib/fields'

export const STEPS_VARIANTS = ['timeline', 'cards', 'list'] as const

export const stepsSection = defineType({
  name: 'stepsSection',
  title: 'Steps',
  description: 'A numbered process, shown as a timeline, cards or a list.',
  type: 'object',
  icon: OlistIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    defineField({
      name: 'variant',
      title: 'Layout',
      type: 'string',
      options: { list: listOptions(STEPS_VARIANTS), layout: 'radio', direction: 'horizontal' },
      initialValue: 'cards',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'steps',
      title: 'Steps',
      type: 'array',
      of: [defineArrayMember({ type: 'step' })],
      validation: (rule) => rule.required().min(1),
    }),
    linkField('link', 'Link', { description: 'Optional link under the steps.' }),
    anchorField(),
  ],
  preview: sectionPreview('Steps', OlistIcon),
})
