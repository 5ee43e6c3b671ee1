import { DocumentTextIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { stringField } from '../lib/fields'

export const legalEmbed = defineType({
  name: 'legalEmbed',
  title: 'Legal document',
  description: 'An external policy document embedded on the legal pages.',
  type: 'document',
  icon: DocumentTextIcon,
  fields: [
    stringField('title', 'Title', { required: true, description: 'Also used as the title of the embedded frame.' }),
    defineField({
      name: 'documentUrl',
      title: 'Document URL',
      type: 'url',
      description: 'The https:// address of the hosted policy document.',
      validation: (rule) => rule.required().uri({ scheme: ['https'] }),
    }),
  ],
  preview: {
    select: { title: 'title', subtitle: 'documentUrl' },
  },
})
