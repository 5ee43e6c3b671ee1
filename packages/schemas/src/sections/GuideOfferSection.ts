import { BillIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import {
  anchorField,
  eyebrowField,
  headingField,
  sectionPreview,
  stringField,
  stringListField,
  textField,
} from '../lib/fields'

export const guideOfferSection = defineType({
  name: 'guideOfferSection',
  title: 'Guide offer',
  description: 'A paid guide offer with a crossed-out price, the sale price and a name and email form.',
  type: 'object',
  icon: BillIcon,
  fields: [
    eyebrowField(),
    headingField(),
    textField('text', 'Text'),
    stringField('originalPrice', 'Original price', { description: 'Crossed-out price, e.g. "$97".' }),
    stringField('price', 'Price', { required: true, description: 'E.g. "$27".' }),
    stringField('nameLabel', 'Name label', { required: true }),
    stringField('emailLabel', 'Email label', { required: true }),
    stringField('submitLabel', 'Button label', { required: true }),
    textField('guarantee', 'Guarantee'),
    stringListField('points', 'What is inside'),
    anchorField(),
  ],
  preview: sectionPreview('Guide offer', BillIcon),
})
