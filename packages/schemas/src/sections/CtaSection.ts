import { LaunchIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import {
  anchorField,
  headingField,
  linkListField,
  listOptions,
  sectionPreview,
  stringField,
  textField,
} from '../lib/fields'

export const CTA_TONES = ['brand', 'light'] as const

export const ctaSection = defineType({
  name: 'ctaSection',
  title: 'Call to action',
  description: 'A closing banner that invites the visitor to take the next step.',
  type: 'object',
  icon: LaunchIcon,
  fields: [
    headingField(),
    textField('text', 'Text'),
    linkListField('actions', 'Buttons', { required: true }),
    stringField('note', 'Note', { description: 'Small print under the buttons.' }),
    defineField({
      name: 'tone',
      title: 'Colour',
      type: 'string',
      description: 'Brand: coloured background. Light: plain background.',
      options: { list: listOptions(CTA_TONES), layout: 'radio', direction: 'horizontal' },
      initialValue: 'brand',
      validation: (rule) => rule.required(),
    }),
    anchorField(),
  ],
  preview: sectionPreview('Call to action', LaunchIcon),
})
