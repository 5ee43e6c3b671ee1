import { TaskIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'
import { anchorField, headingField, sectionPreview, stringField, textField } from '../lib/fields'

export const qualificationFormSection = defineType({
  name: 'qualificationFormSection',
  title: 'Qualification questionnaire',
  description:
    'The one-question-per-screen qualification form; questions, rules and options are code, this is their wording.',
  type: 'object',
  icon: TaskIcon,
  fields: [
    headingField(),
    textField('text', 'Text'),
    defineField({
      name: 'questions',
      title: 'Question wording',
      type: 'array',
      description: 'One entry per question; questions without an entry use their built-in wording.',
      of: [defineArrayMember({ type: 'questionCopy' })],
      validation: (rule) => rule.custom(CONTENT_CHECKS.oneWordingPerQuestion),
    }),
    textField('successText', 'Success text', { description: 'Shown on the "You\'re All Set!" screen.' }),
    stringField('websiteLabel', 'Website button label', { required: true, initialValue: 'Visit Our Website' }),
    stringField('phoneCaption', 'Phone caption', {
      description: 'Text next to the phone number on the success screen.',
    }),
    stringField('disqualifiedHeading', 'Disqualified heading', { required: true }),
    anchorField(),
  ],
  preview: sectionPreview('Qualification questionnaire', TaskIcon),
})
