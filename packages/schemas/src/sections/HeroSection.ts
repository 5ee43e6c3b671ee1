import { PresentationIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import {
  anchorField,
  eyebrowField,
  headingField,
  linkListField,
  listOptions,
  sectionPreview,
  stringField,
  stringListField,
  textField,
} from '../lib/fields'

export const HERO_ALIGNMENTS = ['left', 'center'] as const

export const heroSection = defineType({
  name: 'heroSection',
  title: 'Hero',
  description: 'The opening banner of a page: headline, short text, buttons and trust points.',
  type: 'object',
  icon: PresentationIcon,
  fields: [
    eyebrowField(),
    headingField(),
    defineField({
      name: 'highlight',
      title: 'Highlighted words',
      type: 'string',
      description: 'Part of the heading, copied exactly, that is shown in the accent colour.',
      validation: (rule) =>
        rule
          .custom((value: string | undefined, context) => {
            const heading = (context.parent as { heading?: string } | undefined)?.heading ?? ''
            return !value || heading.includes(value) ? true : 'Copy these words exactly as they appear in the heading'
          })
          .warning(),
    }),
    textField('text', 'Text'),
    linkListField('actions', 'Buttons'),
    stringListField('highlights', 'Trust points', { description: 'Short points under the buttons.' }),
    defineField({
      name: 'backgroundImage',
      title: 'Background image',
      type: 'imageAsset',
    }),
    stringField('badge', 'Badge', { description: 'Optional small badge, e.g. a prize value.' }),
    defineField({
      name: 'align',
      title: 'Alignment',
      type: 'string',
      options: { list: listOptions(HERO_ALIGNMENTS), layout: 'radio', direction: 'horizontal' },
      initialValue: 'left',
      validation: (rule) => rule.required(),
    }),
    anchorField(),
  ],
  preview: sectionPreview('Hero', PresentationIcon),
})
