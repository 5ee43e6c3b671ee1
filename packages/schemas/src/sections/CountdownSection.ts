import { ClockIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { anchorField, headingField, sectionPreview, stringField, textField } from '../lib/fields'

export const countdownSection = defineType({
  name: 'countdownSection',
  title: 'Countdown',
  description: 'A banner counting down to the giveaway end date set in Site settings.',
  type: 'object',
  icon: ClockIcon,
  fields: [
    headingField(),
    textField('text', 'Text'),
    stringField('daysLabel', 'Days label', { required: true, initialValue: 'Days' }),
    stringField('hoursLabel', 'Hours label', { required: true, initialValue: 'Hours' }),
    stringField('minutesLabel', 'Minutes label', { required: true, initialValue: 'Minutes' }),
    stringField('secondsLabel', 'Seconds label', { required: true, initialValue: 'Seconds' }),
    anchorField(),
  ],
  preview: sectionPreview('Countdown', ClockIcon),
})
