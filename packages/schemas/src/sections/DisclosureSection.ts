import { InfoOutlineIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { anchorField, headingField, sectionPreview } from '../lib/fields'

export const disclosureSection = defineType({
  name: 'disclosureSection',
  title: 'Disclosure',
  description: 'Small-print terms and disclosures shown at the bottom of a page.',
  type: 'object',
  icon: InfoOutlineIcon,
  fields: [
    headingField(),
    defineField({ name: 'body', title: 'Body', type: 'richText', validation: (rule) => rule.required() }),
    anchorField(),
  ],
  preview: sectionPreview('Disclosure', InfoOutlineIcon),
})
