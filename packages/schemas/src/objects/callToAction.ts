import { ArrowRightIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { linkField, stringField, textField } from '../lib/fields'

export const callToAction = defineType({
  name: 'callToAction',
  title: 'Call to action',
  type: 'object',
  description: 'A closing box with a heading, a sentence and one button.',
  icon: ArrowRightIcon,
  fields: [
    stringField('heading', 'Heading', { required: true }),
    textField('text', 'Text'),
    linkField('link', 'Button', { required: true }),
  ],
  preview: {
    select: { title: 'heading', subtitle: 'link.label' },
    prepare: ({ title, subtitle }: { title?: string; subtitle?: string }) => ({
      title: title || 'Call to action',
      subtitle,
      media: ArrowRightIcon,
    }),
  },
})
