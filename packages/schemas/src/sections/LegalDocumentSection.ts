import { DocumentTextIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { anchorField, headingField, introField, sectionPreview } from '../lib/fields'

export const legalDocumentSection = defineType({
  name: 'legalDocumentSection',
  title: 'Legal document',
  description: 'A heading followed by an embedded external policy document.',
  type: 'object',
  icon: DocumentTextIcon,
  fields: [
    headingField(),
    introField(),
    defineField({
      name: 'document',
      title: 'Policy document',
      type: 'reference',
      to: [{ type: 'legalEmbed' }],
      validation: (rule) => rule.required(),
    }),
    anchorField(),
  ],
  preview: sectionPreview('Legal document', DocumentTextIcon),
})
