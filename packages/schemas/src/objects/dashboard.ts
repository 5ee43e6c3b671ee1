import { DashboardIcon, TrendUpwardIcon, UserIcon, UsersIcon, VideoIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { listOptions, stringField } from '../lib/fields'

export const DASHBOARD_KINDS = ['leads', 'campaigns', 'webinar'] as const
export const LEAD_STATUSES = ['Qualified', 'Nurturing'] as const

type DashboardKind = (typeof DASHBOARD_KINDS)[number]

const KIND_ARRAYS: Record<DashboardKind, 'leads' | 'campaigns' | 'registrants'> = {
  leads: 'leads',
  campaigns: 'campaigns',
  webinar: 'registrants',
}

const required = { required: true }

export const metric = defineType({
  name: 'metric',
  title: 'Metric',
  type: 'object',
  description: 'A figure shown in the dashboard header.',
  icon: TrendUpwardIcon,
  fields: [
    stringField('label', 'Label', required),
    stringField('value', 'Value', required),
    stringField('trend', 'Trend', { description: 'E.g. "+12%".' }),
  ],
  preview: { select: { title: 'label', subtitle: 'value' } },
})

export const mockLead = defineType({
  name: 'mockLead',
  title: 'Sample lead',
  type: 'object',
  description: 'An invented lead shown in an illustrative dashboard.',
  icon: UserIcon,
  fields: [
    stringField('name', 'Name', required),
    defineField({
      name: 'age',
      title: 'Age',
      type: 'number',
      validation: (rule) => rule.required().integer().positive(),
    }),
    stringField('assets', 'Assets', { required: true, description: 'E.g. "$1.2M".' }),
    defineField({
      name: 'score',
      title: 'Lead score',
      type: 'number',
      description: 'From 0 to 100.',
      validation: (rule) => rule.required().integer().min(0).max(100),
    }),
    defineField({
      name: 'status',
      title: 'Status',
      type: 'string',
      options: { list: [...LEAD_STATUSES], layout: 'radio', direction: 'horizontal' },
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { title: 'name', score: 'score', status: 'status' },
    prepare: ({ title, score, status }: { title?: string; score?: number; status?: string }) => ({
      title: title || 'Unnamed lead',
      subtitle: [status, score === undefined ? undefined : `score ${score}`].filter(Boolean).join(' · '),
      media: UserIcon,
    }),
  },
})

export const mockCampaign = defineType({
  name: 'mockCampaign',
  title: 'Sample campaign',
  type: 'object',
  description: 'An invented ad campaign shown in an illustrative dashboard.',
  icon: TrendUpwardIcon,
  fields: [
    stringField('name', 'Name', required),
    stringField('platform', 'Platform', required),
    stringField('spend', 'Spend', { required: true, description: 'E.g. "$2,400".' }),
    defineField({
      name: 'leads',
      title: 'Leads',
      type: 'number',
      validation: (rule) => rule.required().integer().min(0),
    }),
    stringField('costPerLead', 'Cost per lead', { required: true, description: 'E.g. "$87".' }),
  ],
  preview: { select: { title: 'name', subtitle: 'platform' } },
})

export const mockRegistrant = defineType({
  name: 'mockRegistrant',
  title: 'Sample registrant',
  type: 'object',
  description: 'An invented webinar registrant shown in an illustrative dashboard.',
  icon: UsersIcon,
  fields: [
    stringField('name', 'Name', required),
    stringField('webinar', 'Webinar', required),
    stringField('registered', 'Registered', { required: true, description: 'As displayed, e.g. "2 hours ago".' }),
    stringField('status', 'Status', { required: true, description: 'E.g. "Confirmed".' }),
  ],
  preview: { select: { title: 'name', subtitle: 'webinar' } },
})

interface DashboardValue {
  kind?: DashboardKind
  leads?: unknown[]
  campaigns?: unknown[]
  registrants?: unknown[]
}

const hiddenUnless =
  (kind: DashboardKind) =>
  ({ parent }: { parent?: DashboardValue }) =>
    parent?.kind !== kind

export const dashboard = defineType({
  name: 'dashboard',
  title: 'Illustrative dashboard',
  type: 'object',
  description: 'A mock product screen drawn from sample data. Fill in only the list matching the kind.',
  icon: DashboardIcon,
  fields: [
    defineField({
      name: 'kind',
      title: 'Kind',
      type: 'string',
      options: { list: listOptions(DASHBOARD_KINDS), layout: 'radio', direction: 'horizontal' },
      initialValue: 'leads',
      validation: (rule) => rule.required(),
    }),
    stringField('title', 'Title', required),
    stringField('caption', 'Caption', { description: 'Small text under the dashboard.' }),
    defineField({
      name: 'columnLabels',
      title: 'Column headings',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      description:
        'Headings of the table, in order. Leads: name, age, assets, score, status. Campaigns: campaign, spend, leads, cost per lead.',
      hidden: ({ parent }) => (parent as { kind?: string } | undefined)?.kind === 'webinar',
    }),
    defineField({
      name: 'metrics',
      title: 'Metrics',
      type: 'array',
      of: [defineArrayMember({ type: 'metric' })],
    }),
    defineField({
      name: 'leads',
      title: 'Leads',
      type: 'array',
      of: [defineArrayMember({ type: 'mockLead' })],
      hidden: hiddenUnless('leads'),
    }),
    defineField({
      name: 'campaigns',
      title: 'Campaigns',
      type: 'array',
      of: [defineArrayMember({ type: 'mockCampaign' })],
      hidden: hiddenUnless('campaigns'),
    }),
    defineField({
      name: 'registrants',
      title: 'Registrants',
      type: 'array',
      of: [defineArrayMember({ type: 'mockRegistrant' })],
      hidden: hiddenUnless('webinar'),
    }),
  ],
  validation: (rule) =>
    rule
      .custom((value: DashboardValue | undefined) => {
        if (!value?.kind) return true
        const field = KIND_ARRAYS[value.kind]
        return value[field]?.length ? true : `Add at least one row to "${field}" for a ${value.kind} dashboard`
      })
      .warning(),
  preview: {
    select: { title: 'title', kind: 'kind' },
    prepare: ({ title, kind }: { title?: string; kind?: string }) => ({
      title: title || 'Dashboard',
      subtitle: kind ? `Dashboard · ${kind}` : 'Dashboard',
      media: kind === 'webinar' ? VideoIcon : DashboardIcon,
    }),
  },
})
