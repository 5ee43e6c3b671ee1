import { ImageIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'

/** A photo, chart or screenshot inside an article's text, with the editor's crop and focal point. */
export const articleImage = defineType({
  name: 'articleImage',
  title: 'Image',
  type: 'object',
  description: 'A picture inside the text, as wide as the text column.',
  icon: ImageIcon,
  // An upload field left with no picture in it (the Studio keeps the object) is no image.
  validation: (rule) => rule.custom(CONTENT_CHECKS.imageSource),
  fields: [
    defineField({
      name: 'upload',
      title: 'Image',
      type: 'image',
      description:
        'Drop a photo here or choose one. Crop it, and set its focal point (the part that stays in view), with the crop tool.',
      options: { accept: 'image/jpeg,image/png,image/webp,image/avif', hotspot: true },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'string',
      description: 'Describes the image for screen readers. Leave empty only if the image is purely decorative.',
    }),
    defineField({
      name: 'caption',
      title: 'Caption',
      type: 'string',
      description: 'Optional line shown under the image.',
    }),
  ],
  preview: {
    select: { title: 'caption', alt: 'alt', media: 'upload' },
    prepare: ({ title, alt, media }: { title?: string; alt?: string; media?: unknown }) => ({
      title: title || alt || 'Image',
      subtitle: 'Image',
      media: (media as never) ?? ImageIcon,
    }),
  },
})
