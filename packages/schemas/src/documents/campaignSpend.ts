import { CreditCardIcon } from '@sanity/icons'
import { campaignSpendSchema, SPEND_MAX_AMOUNT, SPEND_MONTH_PATTERN } from '@site/leads/spend'
import { defineField, defineType } from 'sanity'
import { studioOnly } from '../lib/validation'

/**
 * What a campaign cost in one month: Insights divides it by the campaign's leads and qualified leads
 * (docs/lead-follow-through.md, "Cost per lead"). `pnpm insights spend import` writes the same documents.
 */
export const campaignSpend = defineType({
  name: 'campaignSpend',
  title: 'Campaign spend',
  description:
    'What one campaign cost in one month, in US dollars. Insights shows cost per lead and per qualified lead from it.',
  type: 'document',
  icon: CreditCardIcon,
  fields: [
    defineField({
      name: 'campaign',
      title: 'Campaign (utm_campaign)',
      type: 'string',
      description: 'The utm_campaign value of the campaign’s links, exactly as in its ads, e.g. imo-q4.',
      validation: (rule) => rule.required().max(100),
    }),
    defineField({
      name: 'source',
      title: 'Source (utm_source)',
      type: 'string',
      description: 'Optional, e.g. facebook. Empty: the campaign’s spend across every source.',
      validation: (rule) => rule.max(100),
    }),
    defineField({
      name: 'medium',
      title: 'Medium (utm_medium)',
      type: 'string',
      description: 'Optional, e.g. paid. Empty: the campaign’s spend across every medium.',
      validation: (rule) => rule.max(100),
    }),
    defineField({
      name: 'month',
      title: 'Month',
      type: 'string',
      description: 'The month the money was spent, as YYYY-MM, e.g. 2026-11.',
      validation: (rule) => rule.required().regex(SPEND_MONTH_PATTERN, { name: 'YYYY-MM' }),
    }),
    defineField({
      name: 'amount',
      title: 'Amount (USD)',
      type: 'number',
      description: 'What the campaign cost that month, in US dollars.',
      validation: (rule) =>
        rule
          .required()
          .min(0)
          .max(SPEND_MAX_AMOUNT)
          .custom(
            studioOnly((amount: unknown) => {
              if (typeof amount !== 'number') return true
              const checked = campaignSpendSchema.shape.amount.safeParse(amount)
              return checked.success || (checked.error.issues[0]?.message ?? 'not an amount')
            }),
          ),
    }),
  ],
  orderings: [{ title: 'Month, latest first', name: 'monthDesc', by: [{ field: 'month', direction: 'desc' }] }],
  preview: {
    select: { campaign: 'campaign', source: 'source', medium: 'medium', month: 'month', amount: 'amount' },
    prepare: ({ campaign, source, medium, month, amount }) => ({
      title: `${campaign ?? '(no campaign)'} · ${month ?? '(no month)'}`,
      subtitle: `${typeof amount === 'number' ? `$${amount.toFixed(2)}` : '(no amount)'} · ${source || 'every source'} / ${medium || 'every medium'}`,
    }),
  },
})
