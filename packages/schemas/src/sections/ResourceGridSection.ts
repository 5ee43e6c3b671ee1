import { BookIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import {
  anchorField,
  eyebrowField,
  headingField,
  introField,
  referenceListField,
  sectionPreview,
  stringField,
} from '../lib/fields'

export const resourceGridSection = defineType({
  name: 'resourceGridSection',
  title: 'Resource library',
  description: 'A featured resource followed by a grid of resource cards linking to their articles.',
  type: 'object',
  icon: BookIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    stringField('featuredLabel', 'Featured label', {
      description: 'Tag on the featured resource, e.g. "Featured Guide".',
    }),
    defineField({
      name: 'featured',
      title: 'Featured resource',
      type: 'reference',
      to: [{ type: 'resource' }],
    }),
    referenceListField('resources', 'Resources', 'resource'),
    stringField('readMoreLabel', 'Read more label', { required: true, initialValue: 'Read More' }),
    anchorField(),
  ],
  preview: sectionPreview('Resource library', BookIcon),
})
