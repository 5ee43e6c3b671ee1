import { CommentIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, introField, referenceListField, sectionPreview } from '../lib/fields'

export const testimonialsSection = defineType({
  name: 'testimonialsSection',
  title: 'Testimonials',
  description: 'Client results and quotes, picked from the Testimonials list.',
  type: 'object',
  icon: CommentIcon,
  fields: [
    eyebrowField(),
    headingField(),
    introField(),
    referenceListField('testimonials', 'Testimonials', 'testimonial'),
    anchorField(),
  ],
  preview: sectionPreview('Testimonials', CommentIcon),
})
