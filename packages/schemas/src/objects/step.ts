import { OlistIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { stringField, stringListField, textField } from '../lib/fields'

export const step = defineType({
  name: 'step',
  title: 'Step',
  type: 'object',
  description: 'One step of a process or timeline.',
  icon: OlistIcon,
  fields: [
    stringField('label', 'Label', { description: 'E.g. "Step 1" or "Day 3".' }),
    stringField('title', 'Title', { required: true }),
    textField('description', 'Description'),
    defineField({ name: 'icon', title: 'Icon', type: 'icon' }),
    stringListField('points', 'Points'),
  ],
  preview: {
    select: { title: 'title', subtitle: 'label' },
    prepare: ({ title, subtitle }: { title?: string; subtitle?: string }) => ({
      title: title || 'Untitled step',
      subtitle,
      media: OlistIcon,
    }),
  },
})
