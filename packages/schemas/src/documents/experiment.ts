import { SplitVerticalIcon } from '@sanity/icons'
import { LEAD_FORM_TITLES } from '@site/leads/admin'
import { LEAD_FORMS } from '@site/leads/forms'
import { defineArrayMember, defineField, defineType, getPublishedId, type ValidationContext } from 'sanity'
import { CONTENT_CHECKS } from '../lib/contentChecks'
import { ANY_FORM, EXPERIMENT_STATUSES, MAX_VARIANTS, MIN_VARIANTS } from '../lib/experimentRules'
import { listOptions } from '../lib/fields'
import { studioOnly } from '../lib/validation'
import { sectionTypes } from '../sections'

const API_VERSION = '2025-02-19'

const experimentVariant = defineArrayMember({
  name: 'experimentVariant',
  title: 'Variant',
  type: 'object',
  fields: [
    defineField({
      name: 'key',
      title: 'Key',
      type: 'string',
      description: 'A short id the figures and leads use, e.g. "a" for the control and "b" for the change.',
      validation: (rule) => rule.required().custom(CONTENT_CHECKS.variantKey),
    }),
    defineField({
      name: 'label',
      title: 'Label',
      type: 'string',
      description: 'How the figures name it, e.g. "Control" or "Outcome headline".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'weight',
      title: 'Weight (%)',
      type: 'number',
      description: 'The share of page views that see this variant; the weights add up to 100.',
      initialValue: 50,
      validation: (rule) => rule.required().integer().min(1).max(99),
    }),
    defineField({
      name: 'control',
      title: 'Control',
      type: 'boolean',
      description: 'The page as it is. Exactly one variant is the control; leave its changes empty.',
      initialValue: false,
    }),
    defineField({ name: 'heading', title: 'Heading', type: 'string', description: "Replaces the section's heading." }),
    defineField({
      name: 'text',
      title: 'Text',
      type: 'text',
      rows: 3,
      description: "Replaces the section's text (or intro).",
    }),
    defineField({
      name: 'ctaLabel',
      title: 'Button label',
      type: 'string',
      description: "Replaces the label of the section's first button.",
    }),
    defineField({
      name: 'replacement',
      title: 'Whole section instead',
      type: 'array',
      description:
        'A different section shown in place of the tested one (its heading, text and label above are then unused).',
      of: sectionTypes.map((section) => defineArrayMember({ type: section.name })),
      validation: (rule) => rule.max(1),
    }),
  ],
  preview: {
    select: { label: 'label', key: 'key', weight: 'weight', control: 'control' },
    prepare: ({
      label,
      key,
      weight,
      control,
    }: {
      label?: string
      key?: string
      weight?: number
      control?: boolean
    }) => ({
      title: `${label ?? 'Variant'}${control ? ' (control)' : ''}`,
      subtitle: `${key ?? '?'} · ${weight ?? 0} %`,
    }),
  },
})

const RUNNING_ON_SECTION_QUERY = `count(*[_type == "experiment" && status == "running" && page._ref == $page
  && sectionKey == $section && _id != $id && !(_id in path("drafts.**")) && !(_id in path("versions.**"))])`

/** Two running experiments on one section would each see the other's changes: the second is refused. */
const oneRunningPerSection = studioOnly(async (value: unknown, context: ValidationContext): Promise<true | string> => {
  const document = context.document as { _id?: string; page?: { _ref?: string }; sectionKey?: string } | undefined
  if (value !== 'running' || !document?._id || !document.page?._ref || !document.sectionKey) return true
  const others = await context
    .getClient({ apiVersion: API_VERSION })
    .withConfig({ perspective: 'raw' })
    .fetch<number>(
      RUNNING_ON_SECTION_QUERY,
      { page: document.page._ref, section: document.sectionKey, id: getPublishedId(document._id) },
      { tag: 'validation.experiment-section' },
    )
  return others > 0 ? 'Another experiment is already running on this section: stop it first' : true
})

/** The tested section must be on the page. */
const sectionOnPage = studioOnly(async (value: unknown, context: ValidationContext): Promise<true | string> => {
  const page = (context.document as { page?: { _ref?: string } } | undefined)?.page?._ref
  if (typeof value !== 'string' || !value || !page) return true
  const found = await context
    .getClient({ apiVersion: API_VERSION })
    .withConfig({ perspective: 'published' })
    .fetch<number>('count(*[_id == $page][0].sections[_key == $key])', { page, key: value })
  return found > 0 ? true : `The page has no section with the key "${value}"`
})

export const experiment = defineType({
  name: 'experiment',
  title: 'Experiment',
  description: "An A/B test of one section of a page: the site's own server shows each page view one variant.",
  type: 'document',
  icon: SplitVerticalIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'Name',
      type: 'string',
      description: 'What is tested, e.g. "Home hero: outcome headline".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'page',
      title: 'Page',
      type: 'reference',
      to: [{ type: 'page' }],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'sectionKey',
      title: 'Section',
      type: 'string',
      description: 'The key of the tested section on that page (shown in the page\'s sections list, e.g. "hero").',
      validation: (rule) => rule.required().custom(sectionOnPage),
    }),
    defineField({
      name: 'variants',
      title: 'Variants',
      type: 'array',
      description: `${MIN_VARIANTS} to ${MAX_VARIANTS} variants, one of them the control, with weights adding up to 100.`,
      of: [experimentVariant],
      // A new experiment starts as an A/B test: the control, and a variant B whose changes the marketer types.
      initialValue: [
        { _type: 'experimentVariant', _key: 'a', key: 'a', label: 'Control', weight: 50, control: true },
        { _type: 'experimentVariant', _key: 'b', key: 'b', label: 'Variant B', weight: 50, control: false },
      ],
      validation: (rule) =>
        rule.required().min(MIN_VARIANTS).max(MAX_VARIANTS).custom(CONTENT_CHECKS.experimentVariants),
    }),
    defineField({
      name: 'goal',
      title: 'Goal',
      type: 'string',
      description: 'A stored lead from this form, or from any form.',
      options: {
        list: [
          { value: ANY_FORM, title: 'A lead from any form' },
          ...LEAD_FORMS.map((form) => ({ value: form, title: `A lead from the ${LEAD_FORM_TITLES[form]} form` })),
        ],
      },
      initialValue: ANY_FORM,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'startsAt',
      title: 'Start',
      type: 'datetime',
      description: 'Variants are shown from this moment once the status is Running. New: now.',
      initialValue: () => new Date().toISOString(),
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'endsAt',
      title: 'End',
      type: 'datetime',
      description: 'Optional: the experiment stops showing variants after this moment.',
      validation: (rule) => rule.custom(CONTENT_CHECKS.experimentEnd),
    }),
    defineField({
      name: 'status',
      title: 'Status',
      type: 'string',
      description:
        'Draft: not shown. Running: each page view sees a variant. Stopped: everyone sees the control. Promoted: a variant became the page.',
      options: { list: listOptions(EXPERIMENT_STATUSES), layout: 'radio', direction: 'horizontal' },
      initialValue: 'draft',
      validation: (rule) => rule.required().custom(oneRunningPerSection),
    }),
    defineField({
      name: 'promotedVariant',
      title: 'Promoted variant',
      type: 'string',
      description: 'Set by the Promote action: the key of the variant whose content the page now shows.',
      readOnly: true,
    }),
  ],
  preview: {
    select: { title: 'title', status: 'status', path: 'page.path.current' },
    prepare: ({ title, status, path }: { title?: string; status?: string; path?: string }) => ({
      title: title || 'Untitled experiment',
      subtitle: `${status ?? 'draft'} · ${path ?? 'no page'}`,
    }),
  },
})
