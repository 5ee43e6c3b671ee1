import { HelpCircleIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { stringField, textField } from '../lib/fields'

export const faq = defineType({
  name: 'faq',
  title: 'FAQ',
  description: 'A question and its answer, shown in FAQ sections.',
  type: 'document',
  icon: HelpCircleIcon,
  fields: [stringField('question', 'Question', { required: true }), textField('answer', 'Answer', { required: true })],
  preview: {
    select: { title: 'question', subtitle: 'answer' },
  },
})
