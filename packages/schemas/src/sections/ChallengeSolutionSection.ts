import { SplitVerticalIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import {
  anchorField,
  eyebrowField,
  headingField,
  introField,
  linkField,
  sectionPreview,
  stringField,
  stringListField,
} from '../lib/fields'

export const challengeSolutionSection = defineType({
  name: 'challengeSolutionSection',
  title: 'Challenges and solutions',
  description: 'Two lists side by side: the problems visitors face and how the offering solves them.',
  type: 'object',
  icon: SplitVerticalIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    stringField('challengeTitle', 'Challenges title', { required: true }),
    stringListField('challenges', 'Challenges', { min: 1 }),
    stringField('solutionTitle', 'Solutions title', { required: true }),
    stringListField('solutions', 'Solutions', { min: 1 }),
    linkField('link', 'Link', { description: 'Optional link under the lists.' }),
    anchorField(),
  ],
  preview: sectionPreview('Challenges and solutions', SplitVerticalIcon),
})
