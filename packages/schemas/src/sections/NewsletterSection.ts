import { InboxIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { anchorField, headingField, sectionPreview, stringField, textField } from '../lib/fields'

export const newsletterSection = defineType({
  name: 'newsletterSection',
  title: 'Newsletter sign-up',
  description: 'A small box with an email field and a subscribe button.',
  type: 'object',
  icon: InboxIcon,
  fields: [
    headingField(),
    textField('text', 'Text'),
    stringField('emailLabel', 'Email label', { required: true }),
    stringField('emailPlaceholder', 'Email placeholder'),
    stringField('submitLabel', 'Button label', { required: true, initialValue: 'Subscribe' }),
    stringField('note', 'Note', { description: 'Small print under the form.' }),
    anchorField(),
  ],
  preview: sectionPreview('Newsletter sign-up', InboxIcon),
})
