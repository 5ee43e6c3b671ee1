import { SearchIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

export const seo = defineType({
  name: 'seo',
  title: 'SEO',
  type: 'object',
  description: 'What search engines and link previews show for this page.',
  icon: SearchIcon,
  options: { collapsible: true, collapsed: false },
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      description:
        'Shown in the browser tab and search results. Aim for 60 characters or fewer. Left empty, the page title and the company name are used ("Webinar | AdvisorGrowth").',
      validation: (rule) => rule.max(60).warning('Search engines cut titles longer than 60 characters'),
    }),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 3,
      description:
        'Shown under the title in search results. Aim for 160 characters or fewer. Left empty, the site description (Site settings) is used.',
      validation: (rule) => rule.max(160).warning('Search engines cut descriptions longer than 160 characters'),
    }),
    defineField({
      name: 'image',
      title: 'Share image',
      type: 'imageAsset',
      description:
        "Shown when this page is shared (LinkedIn, Facebook, X, Slack), instead of the site's default share image. Cut to 1200×630 around its focal point.",
    }),
  ],
})
