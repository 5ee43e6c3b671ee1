import { EarthGlobeIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { stringField, stringListField, textField } from '../lib/fields'

export const platform = defineType({
  name: 'platform',
  title: 'Platform',
  type: 'object',
  description: 'An advertising platform with the ad formats used on it.',
  icon: EarthGlobeIcon,
  fields: [
    stringField('name', 'Name', { required: true, description: 'E.g. "Facebook & Instagram".' }),
    defineField({ name: 'icon', title: 'Icon', type: 'icon' }),
    textField('description', 'Description'),
    stringListField('formats', 'Formats', { description: 'Ad formats, e.g. "Video ads".' }),
  ],
  preview: {
    select: { title: 'name', formats: 'formats' },
    prepare: ({ title, formats }: { title?: string; formats?: string[] }) => ({
      title: title || 'Untitled platform',
      subtitle: formats?.join(', '),
      media: EarthGlobeIcon,
    }),
  },
})
