import { BulbOutlineIcon, InfoOutlineIcon, LinkIcon, TextIcon, ThListIcon, WarningOutlineIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'
import { listOptions } from '../lib/fields'

export const CALLOUT_TONES = ['info', 'tip', 'warning'] as const

const toneIcons = { info: InfoOutlineIcon, tip: BulbOutlineIcon, warning: WarningOutlineIcon }

export const callout = defineType({
  name: 'callout',
  title: 'Callout',
  type: 'object',
  description: 'A highlighted box inside the text: a note, a tip or a warning.',
  icon: InfoOutlineIcon,
  fields: [
    defineField({
      name: 'tone',
      title: 'Tone',
      type: 'string',
      options: { list: listOptions(CALLOUT_TONES), layout: 'radio', direction: 'horizontal' },
      initialValue: 'info',
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'title', title: 'Title', type: 'string' }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: (rule) => rule.required() }),
  ],
  preview: {
    select: { title: 'title', text: 'text', tone: 'tone' },
    prepare: ({ title, text, tone }: { title?: string; text?: string; tone?: keyof typeof toneIcons }) => ({
      title: title || text || 'Callout',
      subtitle: `Callout · ${tone ?? 'info'}`,
      media: toneIcons[tone ?? 'info'] ?? InfoOutlineIcon,
    }),
  },
})

export const tableRow = defineType({
  name: 'tableRow',
  title: 'Row',
  type: 'object',
  icon: ThListIcon,
  fields: [
    defineField({
      name: 'cells',
      title: 'Cells',
      type: 'array',
      description: 'One value per column, in column order.',
      of: [defineArrayMember({ type: 'string' })],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { cells: 'cells' },
    prepare: ({ cells }: { cells?: string[] }) => ({ title: cells?.join(' | ') || 'Empty row' }),
  },
})

interface TableValue {
  columns?: string[]
  rows?: { cells?: string[] }[]
}

export const table = defineType({
  name: 'table',
  title: 'Table',
  type: 'object',
  description: 'A simple table of text with a header row.',
  icon: ThListIcon,
  fields: [
    defineField({
      name: 'caption',
      title: 'Caption',
      type: 'string',
      description: 'Describes the table for all readers.',
    }),
    defineField({
      name: 'columns',
      title: 'Column headings',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'rows',
      title: 'Rows',
      type: 'array',
      of: [defineArrayMember({ type: 'tableRow' })],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  validation: (rule) =>
    rule
      .custom((value: TableValue | undefined) => {
        const width = value?.columns?.length ?? 0
        const uneven = value?.rows?.some((row) => (row.cells?.length ?? 0) !== width)
        return uneven ? `Every row should have ${width} cells, one per column` : true
      })
      .warning(),
  preview: {
    select: { caption: 'caption', rows: 'rows' },
    prepare: ({ caption, rows }: { caption?: string; rows?: unknown[] }) => ({
      title: caption || 'Table',
      subtitle: `Table · ${rows?.length ?? 0} rows`,
      media: ThListIcon,
    }),
  },
})

export const richText = defineType({
  name: 'richText',
  title: 'Rich text',
  type: 'array',
  description: 'Formatted text with headings, lists, links, images, callouts and tables.',
  icon: TextIcon,
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Normal', value: 'normal' },
        { title: 'Heading 2', value: 'h2' },
        { title: 'Heading 3', value: 'h3' },
        { title: 'Heading 4', value: 'h4' },
        { title: 'Quote', value: 'blockquote' },
      ],
      lists: [
        { title: 'Bullet', value: 'bullet' },
        { title: 'Numbered', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Strong', value: 'strong' },
          { title: 'Emphasis', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Link',
            type: 'object',
            icon: LinkIcon,
            fields: [
              defineField({
                name: 'href',
                title: 'Destination',
                type: 'string',
                description: 'An internal path such as /contact, an #anchor, or https://…, mailto:…, tel:…',
                validation: (rule) => rule.required().custom(CONTENT_CHECKS.href),
              }),
            ],
          }),
        ],
      },
    }),
    defineArrayMember({ type: 'articleImage' }),
    defineArrayMember({ type: 'callout' }),
    defineArrayMember({ type: 'table' }),
  ],
})
