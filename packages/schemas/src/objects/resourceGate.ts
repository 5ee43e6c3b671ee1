import { LockIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { stringField, textField } from '../lib/fields'

const required = { required: true }

export const resourceGate = defineType({
  name: 'resourceGate',
  title: 'Access form',
  type: 'object',
  description: 'Copy of the form a visitor fills in to unlock a gated resource.',
  icon: LockIcon,
  fields: [
    stringField('heading', 'Heading', required),
    textField('text', 'Text'),
    stringField('nameLabel', 'Name label', required),
    stringField('namePlaceholder', 'Name placeholder'),
    stringField('emailLabel', 'Email label', required),
    stringField('emailPlaceholder', 'Email placeholder'),
    stringField('phoneLabel', 'Phone label', required),
    stringField('phonePlaceholder', 'Phone placeholder'),
    stringField('privacyNote', 'Privacy note', { description: 'Small print under the button.' }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }: { title?: string }) => ({
      title: title || 'Access form',
      subtitle: 'Access form',
      media: LockIcon,
    }),
  },
})
