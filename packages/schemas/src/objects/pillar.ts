import { TiersIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { stringField, stringListField, textField } from '../lib/fields'

export const pillar = defineType({
  name: 'pillar',
  title: 'Pillar',
  type: 'object',
  description: 'One of the main offerings, with a short label, a title, a description and its features.',
  icon: TiersIcon,
  fields: [
    stringField('label', 'Label', { description: 'Small tag above the title, e.g. "Pillar 1".' }),
    stringField('title', 'Title', { required: true }),
    textField('description', 'Description'),
    stringListField('features', 'Features'),
    defineField({ name: 'icon', title: 'Icon', type: 'icon' }),
  ],
  preview: {
    select: { title: 'title', subtitle: 'label' },
    prepare: ({ title, subtitle }: { title?: string; subtitle?: string }) => ({
      title: title || 'Untitled pillar',
      subtitle,
      media: TiersIcon,
    }),
  },
})
