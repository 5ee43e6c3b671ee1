import { EnvelopeIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { anchorField, headingField, sectionPreview, stringField, textField } from '../lib/fields'

/**
 * What a new contact form section starts with: the labels of the site's contact page, so a marketer adding
 * the form to a campaign page types nothing to get a working form. The side cards start empty (optional).
 */
const CONTACT_FORM_DEFAULTS = {
  nameLabel: 'Name',
  namePlaceholder: 'John Smith',
  emailLabel: 'Email',
  emailPlaceholder: 'john@yourpractice.com',
  phoneLabel: 'Phone',
  phonePlaceholder: '(555) 555-5555',
  companyLabel: 'Company',
  companyPlaceholder: 'Your firm or agency',
  interestLabel: 'I’m interested in',
  interestPlaceholder: 'Select an option',
  messageLabel: 'Message',
  messagePlaceholder: 'Tell us about your practice and your growth goals...',
  submitLabel: 'Send Message',
  confirmationHeading: 'Thank You for Reaching Out!',
  confirmationText: 'Your message is with our team. We will get back to you within 24 hours.',
} as const

type DefaultedField = keyof typeof CONTACT_FORM_DEFAULTS

const form = (name: DefaultedField, title: string, options: { required?: boolean; description?: string } = {}) =>
  stringField(name, title, { ...options, fieldset: 'form', initialValue: CONTACT_FORM_DEFAULTS[name] })
const label = (name: DefaultedField, title: string) => form(name, title, { required: true })
const details = { fieldset: 'details' }
const response = { fieldset: 'response' }
const confirmation = { fieldset: 'confirmation' }

export const contactFormSection = defineType({
  name: 'contactFormSection',
  title: 'Contact form',
  description:
    'A message form (its labels start as on the contact page), with optional cards of contact details and response time; the form rules are built into the website.',
  type: 'object',
  icon: EnvelopeIcon,
  fieldsets: [
    { name: 'form', title: 'Form labels', options: { collapsible: true, collapsed: false } },
    {
      name: 'confirmation',
      title: 'Thank-you card',
      description: 'Shown in place of the form once a message is sent.',
      options: { collapsible: true, collapsed: true },
    },
    {
      name: 'details',
      title: 'Contact details card (optional)',
      description:
        'Shown beside the form, with the e-mail and phone from the site settings, when a heading or text is filled.',
      options: { collapsible: true, collapsed: true },
    },
    {
      name: 'response',
      title: 'Response time note (optional)',
      description: 'Shown beside the form when a heading or text is filled.',
      options: { collapsible: true, collapsed: true },
    },
  ],
  fields: [
    headingField(),
    textField('text', 'Text'),
    label('nameLabel', 'Name label'),
    form('namePlaceholder', 'Name placeholder'),
    label('emailLabel', 'Email label'),
    form('emailPlaceholder', 'Email placeholder'),
    label('phoneLabel', 'Phone label'),
    form('phonePlaceholder', 'Phone placeholder'),
    label('companyLabel', 'Company label'),
    form('companyPlaceholder', 'Company placeholder'),
    defineField({
      name: 'askInterest',
      title: 'Ask what they are interested in',
      type: 'boolean',
      description:
        'The "I’m interested in" question (Sales Enablement App, Marketing Funnels, …). Off: the question is left out and the lead has no interest.',
      fieldset: 'form',
      initialValue: true,
    }),
    label('interestLabel', 'Interest label'),
    form('interestPlaceholder', 'Interest placeholder'),
    label('messageLabel', 'Message label'),
    form('messagePlaceholder', 'Message placeholder'),
    label('submitLabel', 'Button label'),
    stringField('confirmationHeading', 'Thank-you heading', {
      ...confirmation,
      required: true,
      initialValue: CONTACT_FORM_DEFAULTS.confirmationHeading,
    }),
    textField('confirmationText', 'Thank-you text', {
      ...confirmation,
      initialValue: CONTACT_FORM_DEFAULTS.confirmationText,
    }),
    stringField('detailsHeading', 'Details heading', details),
    textField('detailsText', 'Details text', details),
    stringField('emailCaption', 'Email caption', details),
    stringField('phoneCaption', 'Phone caption', details),
    stringField('responseHeading', 'Response heading', response),
    textField('responseText', 'Response text', response),
    anchorField(),
  ],
  preview: sectionPreview('Contact form', EnvelopeIcon),
})
