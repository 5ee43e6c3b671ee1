import { LinkIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'
import { listOptions } from '../lib/fields'

export const LINK_STYLES = ['primary', 'secondary', 'ghost'] as const

export const link = defineType({
  name: 'link',
  title: 'Link',
  type: 'object',
  description: 'A text link or button.',
  icon: LinkIcon,
  fields: [
    defineField({ name: 'label', title: 'Label', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'href',
      title: 'Destination',
      type: 'string',
      description: 'An internal path such as /contact, an #anchor, or https://…, mailto:…, tel:…',
      validation: (rule) => rule.required().custom(CONTENT_CHECKS.href),
    }),
    defineField({
      name: 'style',
      title: 'Style',
      type: 'string',
      description:
        'How the link is drawn where it is shown as a button. Left unset, the first button is the main action and the others are plain.',
      options: { list: listOptions(LINK_STYLES), layout: 'radio', direction: 'horizontal' },
    }),
    defineField({
      name: 'openInNewTab',
      title: 'Open in a new tab',
      type: 'boolean',
      // No initial value: it would create every optional link (and the object around it) on a new
      // document, whose required fields would then block publishing.
      description: 'Left unset, links to other websites open in a new tab and links within this site do not.',
    }),
  ],
  preview: {
    select: { title: 'label', subtitle: 'href' },
  },
})
