import { DocumentSheetIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { stringField } from '../lib/fields'

export const comparisonRow = defineType({
  name: 'comparisonRow',
  title: 'Comparison row',
  description: 'One feature compared with the competitor, shown in comparison tables.',
  type: 'document',
  icon: DocumentSheetIcon,
  fields: [
    stringField('feature', 'Feature', { required: true }),
    stringField('ourValue', 'Our value', { required: true }),
    stringField('competitorValue', 'Competitor value', { required: true }),
  ],
  preview: {
    select: { title: 'feature', ours: 'ourValue', theirs: 'competitorValue' },
    prepare: ({ title, ours, theirs }: { title?: string; ours?: string; theirs?: string }) => ({
      title: title || 'Untitled row',
      subtitle: `${ours ?? '–'} vs ${theirs ?? '–'}`,
      media: DocumentSheetIcon,
    }),
  },
})
