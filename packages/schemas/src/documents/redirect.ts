import { ArrowRightIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'
import { redirectFieldRule } from '../lib/validation'

export const redirect = defineType({
  name: 'redirect',
  title: 'Redirect',
  description:
    'Sends visitors from an old address to a new one. Created automatically when a page or resource moves; add one by hand for any other address that has changed.',
  type: 'document',
  icon: ArrowRightIcon,
  fields: [
    defineField({
      name: 'from',
      title: 'Old address',
      type: 'string',
      description: 'The path visitors, links and search results still use, e.g. /webinars/old-name.',
      validation: (rule) =>
        rule
          .required()
          .custom(CONTENT_CHECKS.redirectFrom)
          .custom(redirectFieldRule('from', CONTENT_CHECKS.redirectFrom)),
    }),
    defineField({
      name: 'to',
      title: 'New address',
      type: 'string',
      description: 'A page or resource of this site (/about, /resources/scaling-guide) or an https:// address.',
      validation: (rule) =>
        rule.required().custom(CONTENT_CHECKS.redirectTo).custom(redirectFieldRule('to', CONTENT_CHECKS.redirectTo)),
    }),
    defineField({
      name: 'permanent',
      title: 'Permanent',
      type: 'boolean',
      description:
        'On: search engines move the old address’s ranking to the new one (301). Off: a temporary move (302).',
      initialValue: true,
    }),
  ],
  preview: {
    select: { from: 'from', to: 'to', permanent: 'permanent' },
    prepare: ({ from, to, permanent }) => ({
      title: `${from ?? '(no old address)'} → ${to ?? '(no new address)'}`,
      subtitle: permanent === false ? 'Temporary (302)' : 'Permanent (301)',
    }),
  },
})
