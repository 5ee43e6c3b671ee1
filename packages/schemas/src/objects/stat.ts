import { BarChartIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { stringField, textField } from '../lib/fields'

export const stat = defineType({
  name: 'stat',
  title: 'Statistic',
  type: 'object',
  description: 'A headline number with a label, e.g. "3x" / "Conversion rate".',
  icon: BarChartIcon,
  fields: [
    stringField('value', 'Value', { required: true, description: 'E.g. "3x", "10+", "$2M+".' }),
    stringField('label', 'Label', { required: true }),
    textField('description', 'Description'),
  ],
  preview: {
    select: { value: 'value', label: 'label' },
    prepare: ({ value, label }: { value?: string; label?: string }) => ({
      title: [value, label].filter(Boolean).join(' ') || 'Untitled statistic',
      media: BarChartIcon,
    }),
  },
})
