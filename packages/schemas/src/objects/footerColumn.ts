import { ThListIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'

export const footerColumn = defineType({
  name: 'footerColumn',
  title: 'Footer column',
  type: 'object',
  description: 'A titled group of links in the site footer.',
  icon: ThListIcon,
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'links',
      title: 'Links',
      type: 'array',
      of: [defineArrayMember({ type: 'link' })],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'title', links: 'links' },
    prepare: ({ title, links }: { title?: string; links?: unknown[] }) => ({
      title: title || 'Untitled column',
      subtitle: `${links?.length ?? 0} links`,
    }),
  },
})
