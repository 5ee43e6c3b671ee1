import { BlockContentIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, sectionPreview } from '../lib/fields'

export const richTextSection = defineType({
  name: 'richTextSection',
  title: 'Text',
  description: 'Formatted text, such as a story or mission statement, with an optional side box.',
  type: 'object',
  icon: BlockContentIcon,
  fields: [
    eyebrowField(),
    headingField({ required: false }),
    defineField({ name: 'body', title: 'Body', type: 'richText', validation: (rule) => rule.required() }),
    defineField({
      name: 'aside',
      title: 'Side box',
      type: 'aside',
      description: 'Optional box next to the text with a title and a few points.',
    }),
    anchorField(),
  ],
  preview: sectionPreview('Text', BlockContentIcon),
})
