import { ComponentIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { linkField, stringField, stringListField, textField } from '../lib/fields'

export const featureCard = defineType({
  name: 'featureCard',
  title: 'Feature card',
  type: 'object',
  description: 'A card with an icon, a title, a description and optional bullet points.',
  icon: ComponentIcon,
  fields: [
    defineField({ name: 'icon', title: 'Icon', type: 'icon' }),
    stringField('title', 'Title', { required: true }),
    textField('description', 'Description'),
    stringListField('features', 'Bullet points'),
    linkField('link', 'Link', { description: 'Optional link at the bottom of the card.' }),
  ],
  preview: {
    select: { title: 'title', subtitle: 'icon' },
    prepare: ({ title, subtitle }: { title?: string; subtitle?: string }) => ({
      title: title || 'Untitled card',
      subtitle: subtitle ? `Icon: ${subtitle}` : undefined,
      media: ComponentIcon,
    }),
  },
})
