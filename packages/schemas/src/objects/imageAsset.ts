import { ImageIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'

export const imageAsset = defineType({
  name: 'imageAsset',
  title: 'Image',
  type: 'object',
  description: 'An image served by the website, referenced by its URL path.',
  icon: ImageIcon,
  fields: [
    defineField({
      name: 'src',
      title: 'Image path',
      type: 'string',
      description: 'A path on the website such as /greenville-downtown.jpg, or an https:// URL.',
      validation: (rule) => rule.required().custom(CONTENT_CHECKS.urlPath),
    }),
    defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'string',
      description: 'Describes the image for screen readers. Leave empty only if the image is purely decorative.',
    }),
  ],
  preview: {
    select: { title: 'alt', subtitle: 'src' },
    prepare: ({ title, subtitle }) => ({ title: title || 'Decorative image', subtitle, media: ImageIcon }),
  },
})
