import { BulbOutlineIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { stringField, stringListField } from '../lib/fields'

export const aside = defineType({
  name: 'aside',
  title: 'Side box',
  type: 'object',
  description: 'A box next to the text with a title and a short list of points.',
  icon: BulbOutlineIcon,
  fields: [stringField('title', 'Title', { required: true }), stringListField('points', 'Points', { min: 1 })],
  preview: { select: { title: 'title' } },
})
