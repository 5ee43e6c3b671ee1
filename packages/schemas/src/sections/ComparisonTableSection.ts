import { DocumentSheetIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import {
  anchorField,
  eyebrowField,
  headingField,
  introField,
  linkField,
  referenceListField,
  sectionPreview,
  stringField,
} from '../lib/fields'

export const comparisonTableSection = defineType({
  name: 'comparisonTableSection',
  title: 'Comparison table',
  description: 'A feature-by-feature table comparing the offering with a competitor.',
  type: 'object',
  icon: DocumentSheetIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    stringField('featureLabel', 'Feature column heading', { required: true, initialValue: 'Feature' }),
    stringField('ourLabel', 'Our column heading', { required: true }),
    stringField('competitorLabel', 'Competitor column heading', { required: true }),
    referenceListField('rows', 'Rows', 'comparisonRow'),
    linkField('link', 'Link', { description: 'Optional link under the table.' }),
    anchorField(),
  ],
  preview: sectionPreview('Comparison table', DocumentSheetIcon),
})
