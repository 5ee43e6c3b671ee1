import { HelpCircleIcon } from '@sanity/icons'
import { QUESTION_IDS } from '@site/leads/schemas/questions'
import { defineField, defineType } from 'sanity'

import { stringField } from '../lib/fields'

export const questionCopy = defineType({
  name: 'questionCopy',
  title: 'Question copy',
  type: 'object',
  description: 'The wording of one question of the qualification form (its answers and rules are code).',
  icon: HelpCircleIcon,
  fields: [
    defineField({
      name: 'questionId',
      title: 'Question',
      type: 'string',
      description: 'Which question of the form this wording is for.',
      options: { list: [...QUESTION_IDS] },
      validation: (rule) => rule.required(),
    }),
    stringField('prompt', 'Prompt', { required: true, description: 'The question as the visitor reads it.' }),
    stringField('help', 'Help text', { description: 'Optional hint under the question.' }),
    stringField('placeholder', 'Placeholder', { description: 'For text questions only.' }),
  ],
  preview: {
    select: { title: 'prompt', subtitle: 'questionId' },
    prepare: ({ title, subtitle }: { title?: string; subtitle?: string }) => ({
      title: title || 'Untitled question',
      subtitle,
      media: HelpCircleIcon,
    }),
  },
})
