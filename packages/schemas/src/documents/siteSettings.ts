import { CogIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { linkField, linkListField, stringField, textField } from '../lib/fields'

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  description: 'Company details, navigation, footer and labels shared by every page.',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'general', title: 'General', default: true },
    { name: 'header', title: 'Header' },
    { name: 'footer', title: 'Footer' },
    { name: 'contact', title: 'Contact' },
    { name: 'labels', title: 'Labels and dates' },
  ],
  fields: [
    stringField('companyName', 'Company name', { required: true, group: 'general' }),
    stringField('tagline', 'Tagline', { required: true, group: 'general' }),
    textField('description', 'Site description', {
      required: true,
      description: 'Default description for search engines and link previews.',
      group: 'general',
    }),
    defineField({
      name: 'defaultShareImage',
      title: 'Default share image',
      type: 'imageAsset',
      description:
        'Shown when a page is shared (LinkedIn, Facebook, X, Slack) and has no share image of its own. Cut to 1200×630 around its focal point: upload at least that size, or give a path such as /og-default.png.',
      group: 'general',
    }),
    linkListField('mainNavigation', 'Main navigation', { required: true, group: 'header' }),
    linkField('headerCta', 'Header button', { required: true, group: 'header' }),
    stringField('signInLabel', 'Sign-in button label', {
      required: true,
      description: 'The button opens the app sign-in page in a new tab.',
      group: 'header',
    }),
    defineField({
      name: 'footerColumns',
      title: 'Footer columns',
      type: 'array',
      group: 'footer',
      of: [defineArrayMember({ type: 'footerColumn' })],
      validation: (rule) => rule.required().min(1),
    }),
    stringField('footerTagline', 'Footer tagline', { group: 'footer' }),
    textField('footerBlurb', 'Footer blurb', { group: 'footer' }),
    linkListField('bottomLinks', 'Bottom links', { group: 'footer' }),
    stringField('copyrightText', 'Copyright text', {
      required: true,
      description: 'Shown after "© <year> <company name>", e.g. "All rights reserved."',
      group: 'footer',
    }),
    defineField({
      name: 'contactEmail',
      title: 'Contact email',
      type: 'string',
      group: 'contact',
      validation: (rule) => rule.required().email(),
    }),
    stringField('contactPhone', 'Contact phone', { required: true, group: 'contact' }),
    stringField('landingPhone', 'Landing page phone', {
      description: 'Phone number shown on landing pages.',
      group: 'contact',
    }),
    defineField({
      name: 'giveawayEndsAt',
      title: 'Giveaway ends at',
      type: 'datetime',
      description:
        'The giveaway closes at this moment: the countdown runs to it, then the entry form gives way to its ended message and the lead server refuses later entries.',
      group: 'labels',
      validation: (rule) => rule.required(),
    }),
    stringField('backToResourcesLabel', 'Back to resources label', {
      required: true,
      initialValue: 'Back to Resources',
      group: 'labels',
    }),
    stringField('readTimeLabel', 'Read time unit', {
      required: true,
      initialValue: 'min read',
      description: 'Shown after a resource\'s reading time in minutes, e.g. "12 min read".',
      group: 'labels',
    }),
    stringField('skipLinkLabel', 'Skip link label', {
      required: true,
      initialValue: 'Skip to main content',
      description: 'Read by screen readers and shown on keyboard focus at the top of every page.',
      group: 'labels',
    }),
  ],
  preview: {
    select: { title: 'companyName' },
    prepare: ({ title }: { title?: string }) => ({
      title: title || 'Site settings',
      subtitle: 'Site settings',
      media: CogIcon,
    }),
  },
})
