import { CreditCardIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import {
  anchorField,
  eyebrowField,
  headingField,
  introField,
  linkField,
  stringField,
  stringListField,
  textField,
} from '../lib/fields'

export const pricingSection = defineType({
  name: 'pricingSection',
  title: 'Pricing',
  description: 'A price card for one package with its features, guarantee and a buy button.',
  type: 'object',
  icon: CreditCardIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    stringField('planName', 'Package name', { required: true }),
    stringField('price', 'Price', { required: true, description: 'As displayed, e.g. "$5,000".' }),
    stringField('originalPrice', 'Original price', { description: 'Optional crossed-out price, e.g. "$97".' }),
    stringField('priceNote', 'Price note', { description: 'E.g. "one-time".' }),
    stringListField('features', 'Included features', { min: 1 }),
    textField('guarantee', 'Guarantee'),
    linkField('action', 'Button', { required: true }),
    stringField('footnote', 'Footnote', { description: 'Small print under the button.' }),
    anchorField(),
  ],
  preview: {
    select: { title: 'heading', planName: 'planName', price: 'price' },
    prepare: ({ title, planName, price }: { title?: string; planName?: string; price?: string }) => ({
      title: title || planName || 'Untitled pricing',
      subtitle: ['Pricing', planName, price].filter(Boolean).join(' · '),
      media: CreditCardIcon,
    }),
  },
})
