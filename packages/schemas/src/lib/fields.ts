import type { ComponentType } from 'react'
import { defineArrayMember, defineField } from 'sanity'
import { CONTENT_CHECKS } from './contentChecks'

interface FieldOptions {
  required?: boolean
  description?: string
  initialValue?: string
  fieldset?: string
  group?: string
}

export const anchorField = () =>
  defineField({
    name: 'anchor',
    title: 'Anchor',
    type: 'string',
    description: 'Optional id for in-page links: "pricing" makes this section reachable at #pricing.',
    validation: (rule) => rule.custom(CONTENT_CHECKS.anchor),
  })

export const eyebrowField = () =>
  defineField({
    name: 'eyebrow',
    title: 'Eyebrow',
    type: 'string',
    description: 'Short label shown above the heading.',
  })

export const headingField = ({ required = true, description }: FieldOptions = {}) =>
  stringField('heading', 'Heading', { required, description })

export const introField = () => textField('intro', 'Intro', { description: 'Short paragraph under the heading.' })

export const stringField = (name: string, title: string, options: FieldOptions = {}) =>
  defineField({
    name,
    title,
    type: 'string',
    description: options.description,
    initialValue: options.initialValue,
    fieldset: options.fieldset,
    group: options.group,
    validation: (rule) => (options.required ? rule.required() : rule),
  })

export const textField = (name: string, title: string, options: FieldOptions = {}) =>
  defineField({
    name,
    title,
    type: 'text',
    rows: 3,
    description: options.description,
    initialValue: options.initialValue,
    fieldset: options.fieldset,
    group: options.group,
    validation: (rule) => (options.required ? rule.required() : rule),
  })

export const stringListField = (name: string, title: string, options: { description?: string; min?: number } = {}) =>
  defineField({
    name,
    title,
    type: 'array',
    description: options.description,
    of: [defineArrayMember({ type: 'string' })],
    validation: (rule) => (options.min ? rule.required().min(options.min) : rule),
  })

export const linkField = (name = 'link', title = 'Link', options: FieldOptions = {}) =>
  defineField({
    name,
    title,
    type: 'link',
    description: options.description,
    group: options.group,
    validation: (rule) => (options.required ? rule.required() : rule),
  })

export const linkListField = (name = 'actions', title = 'Buttons', options: FieldOptions = {}) =>
  defineField({
    name,
    title,
    type: 'array',
    description: options.description,
    group: options.group,
    of: [defineArrayMember({ type: 'link' })],
    validation: (rule) => (options.required ? rule.required().min(1) : rule),
  })

export const referenceListField = (name: string, title: string, to: string, description?: string) =>
  defineField({
    name,
    title,
    type: 'array',
    description,
    of: [defineArrayMember({ type: 'reference', to: [{ type: to }] })],
    validation: (rule) => rule.required().min(1).unique(),
  })

export const sectionPreview = (label: string, media: ComponentType, title = 'heading') => ({
  select: { title, anchor: 'anchor' },
  prepare: ({ title, anchor }: { title?: string; anchor?: string }) => ({
    title: title || `Untitled ${label.toLowerCase()}`,
    subtitle: anchor ? `${label} · #${anchor}` : label,
    media,
  }),
})

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

export const listOptions = <T extends string | number>(values: readonly T[]) =>
  values.map((value) => ({ title: capitalize(String(value)), value }))
