import { ImageIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'

export const imageAsset = defineType({
  name: 'imageAsset',
  title: 'Image',
  type: 'object',
  description: 'An image uploaded here, or one already on the website referenced by its URL path.',
  icon: ImageIcon,
  validation: (rule) => rule.custom(CONTENT_CHECKS.imageSource),
  fields: [
    defineField({
      name: 'upload',
      title: 'Upload',
      type: 'image',
      description:
        'Drop a photo here or choose one; it is used instead of the image path below. Crop it, and set its focal point (the part that stays in view at every size), with the crop tool.',
      options: { accept: 'image/jpeg,image/png,image/webp,image/avif', hotspot: true },
    }),
    defineField({
      name: 'src',
      title: 'Image path',
      type: 'string',
      description: 'Or a path on the website such as /greenville-downtown.jpg, or an https:// URL.',
      validation: (rule) => rule.custom(CONTENT_CHECKS.urlPath),
    }),
    defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'string',
      description: 'Describes the image for screen readers. Leave empty only if the image is purely decorative.',
    }),
  ],
  preview: {
    select: { title: 'alt', subtitle: 'src', upload: 'upload' },
    prepare: ({ title, subtitle, upload }) => ({
      title: title || 'Decorative image',
      subtitle: upload ? 'Uploaded image' : subtitle,
      media: upload ?? ImageIcon,
    }),
  },
})
