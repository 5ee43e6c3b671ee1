import { EnvelopeIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { anchorField, headingField, sectionPreview, stringField, textField } from '../lib/fields'

const label = (name: string, title: string) => stringField(name, title, { required: true, fieldset: 'form' })
const placeholder = (name: string, title: string) => stringField(name, title, { fieldset: 'form' })
const details = { fieldset: 'details' }

export const contactFormSection = defineType({
  name: 'contactFormSection',
  title: 'Contact form',
  description: 'The contact form with a card of contact details; the form rules are built into the website.',
  type: 'object',
  icon: EnvelopeIcon,
  fieldsets: [
    { name: 'form', title: 'Form labels', options: { collapsible: true, collapsed: false } },
    { name: 'details', title: 'Contact details card', options: { collapsible: true, collapsed: false } },
  ],
  fields: [
    headingField(),
    textField('text', 'Text'),
    label('nameLabel', 'Name label'),
    placeholder('namePlaceholder', 'Name placeholder'),
    label('emailLabel', 'Email label'),
    placeholder('emailPlaceholder', 'Email placeholder'),
    label('phoneLabel', 'Phone label'),
    placeholder('phonePlaceholder', 'Phone placeholder'),
    label('companyLabel', 'Company label'),
    placeholder('companyPlaceholder', 'Company placeholder'),
    label('interestLabel', 'Interest label'),
    placeholder('interestPlaceholder', 'Interest placeholder'),
    label('messageLabel', 'Message label'),
    placeholder('messagePlaceholder', 'Message placeholder'),
    stringField('detailsHeading', 'Details heading', { ...details, required: true, initialValue: 'Get in Touch' }),
    textField('detailsText', 'Details text', details),
    stringField('emailCaption', 'Email caption', details),
    stringField('phoneCaption', 'Phone caption', details),
    stringField('responseHeading', 'Response heading', { ...details, initialValue: 'Fast Response Time' }),
    textField('responseText', 'Response text', details),
    anchorField(),
  ],
  preview: sectionPreview('Contact form', EnvelopeIcon),
})
