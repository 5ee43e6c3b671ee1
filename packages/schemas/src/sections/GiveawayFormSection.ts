import { ConfettiIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { anchorField, headingField, sectionPreview, stringField, textField } from '../lib/fields'

const required = { required: true }

export const giveawayFormSection = defineType({
  name: 'giveawayFormSection',
  title: 'Giveaway entry form',
  description:
    'The giveaway entry form and its confirmation screen. Once the end date in Site settings has passed, the ended message replaces the form.',
  type: 'object',
  icon: ConfettiIcon,
  fields: [
    headingField(),
    textField('text', 'Text'),
    stringField('fullNameLabel', 'Full name label', required),
    stringField('emailLabel', 'Email label', required),
    stringField('phoneLabel', 'Phone label', required),
    stringField('companyLabel', 'Company label', required),
    stringField('titleLabel', 'Job title label', required),
    textField('optInLabel', 'Opt-in label', { required: true, description: 'Text of the consent checkbox.' }),
    stringField('submitLabel', 'Button label', required),
    stringField('confirmationHeading', 'Confirmation heading', required),
    textField('confirmationText', 'Confirmation text'),
    stringField('endedHeading', 'Ended heading', {
      required: true,
      initialValue: 'This giveaway has ended',
      description: 'Shown instead of the form once the giveaway end date (Site settings) has passed.',
    }),
    textField('endedText', 'Ended text', {
      description: 'Under the ended heading, e.g. when the winner is announced.',
    }),
    anchorField(),
  ],
  preview: sectionPreview('Giveaway entry form', ConfettiIcon),
})
