import { HelpCircleIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, introField, referenceListField, sectionPreview } from '../lib/fields'

export const faqSection = defineType({
  name: 'faqSection',
  title: 'FAQ',
  description: 'Frequently asked questions shown as an accordion, picked from the FAQ list.',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    referenceListField('items', 'Questions', 'faq'),
    anchorField(),
  ],
  preview: sectionPreview('FAQ', HelpCircleIcon),
})
