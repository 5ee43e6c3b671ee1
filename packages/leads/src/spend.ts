import { z } from 'zod'

/** A month of spend as the Studio and a spend CSV give it: YYYY-MM. */
export const SPEND_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

/** The most a month's spend can be, in US dollars: a larger figure is a typing slip (cents typed as dollars). */
export const SPEND_MAX_AMOUNT = 10_000_000

const optionalValue = z
  .string()
  .trim()
  .max(100, 'at most 100 characters')
  .transform((value) => value || undefined)
  .optional()

/**
 * A campaign's spend in one month, in US dollars: the Studio's `campaignSpend` document
 * (packages/schemas/src/documents/campaignSpend.ts) and a row of `pnpm insights spend import`. No source or
 * medium means the campaign's spend across every source and medium.
 */
export const campaignSpendSchema = z.object({
  campaign: z.string().trim().min(1, 'required: the utm_campaign value').max(100, 'at most 100 characters'),
  source: optionalValue,
  medium: optionalValue,
  month: z.string().trim().regex(SPEND_MONTH_PATTERN, 'give the month as YYYY-MM, e.g. 2026-11'),
  amount: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z
      .number({ error: 'a number of US dollars, e.g. 1250.50' })
      .min(0, 'must not be negative')
      .max(SPEND_MAX_AMOUNT, `at most ${SPEND_MAX_AMOUNT} US dollars`)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals (cents)'),
  ),
})

export type CampaignSpend = z.infer<typeof campaignSpendSchema>
