import { CommentIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { stringField, textField } from '../lib/fields'

export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  description: 'A client result with a quote, shown in testimonial sections.',
  type: 'document',
  icon: CommentIcon,
  fields: [
    stringField('metric', 'Metric', { required: true, description: 'The headline result, e.g. "5X".' }),
    stringField('label', 'Metric label', { required: true, description: 'E.g. "Average ROI".' }),
    textField('quote', 'Quote', { required: true }),
    stringField('role', 'Role', { required: true, description: 'Who said it, e.g. "Independent Advisor, Texas".' }),
  ],
  preview: {
    select: { metric: 'metric', label: 'label', role: 'role' },
    prepare: ({ metric, label, role }: { metric?: string; label?: string; role?: string }) => ({
      title: [metric, label].filter(Boolean).join(' ') || 'Untitled testimonial',
      subtitle: role,
      media: CommentIcon,
    }),
  },
})
