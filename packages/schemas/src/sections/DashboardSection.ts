import { DashboardIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import {
  anchorField,
  eyebrowField,
  headingField,
  linkListField,
  sectionPreview,
  stringListField,
  textField,
} from '../lib/fields'

export const dashboardSection = defineType({
  name: 'dashboardSection',
  title: 'Product showcase',
  description: 'Text and buttons beside an illustrative product dashboard drawn from sample data.',
  type: 'object',
  icon: DashboardIcon,
  fields: [
    eyebrowField(),
    headingField(),
    textField('text', 'Text'),
    stringListField('points', 'Points'),
    linkListField('actions', 'Buttons'),
    defineField({
      name: 'reverse',
      title: 'Dashboard on the left',
      type: 'boolean',
      description: 'Swap the sides, to alternate consecutive showcases.',
      initialValue: false,
    }),
    defineField({ name: 'dashboard', title: 'Dashboard', type: 'dashboard', validation: (rule) => rule.required() }),
    anchorField(),
  ],
  preview: sectionPreview('Product showcase', DashboardIcon),
})
