import { LEAD_FORMS } from './forms'
import { QUESTION_IDS, ROLE_OPTIONS } from './schemas/questions'
import { seenVariantSchema } from './seenVariant'
import { z } from './zod'

/**
 * What the site's own recorder sends to `POST /api/insights/events` (apps/web/app/insights), and what the
 * Insights tool reads from `GET /api/admin/insights`. No event carries what a visitor typed: paths, hosts,
 * campaign parameters, field names and question ids only.
 */

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const
export type DeviceClass = (typeof DEVICE_CLASSES)[number]

export const FORM_STEPS = ['seen', 'started', 'submitted', 'invalid', 'stored'] as const
export type FormStep = (typeof FORM_STEPS)[number]

export const VITALS = ['LCP', 'INP', 'CLS'] as const
export type VitalName = (typeof VITALS)[number]

/** Google's "good" thresholds (web.dev/vitals): LCP and INP in milliseconds, CLS unitless. */
export const GOOD_VITALS: Record<VitalName, number> = { LCP: 2500, INP: 200, CLS: 0.1 }

/** The questionnaire's branches: the role answer ('' before the role question is answered). */
export const BRANCHES = ROLE_OPTIONS
export type Branch = (typeof BRANCHES)[number] | ''

export const INSIGHTS_BATCH_MAX_EVENTS = 50
export const INSIGHTS_BODY_LIMIT_BYTES = 32 * 1024

const path = z
  .string()
  .max(300)
  .regex(/^\/[^?#\s]*$/)
const campaignValue = z.string().max(256).optional()
/** A field's name in the form (e.g. `email`), never its value. */
const fieldName = z
  .string()
  .regex(/^[A-Za-z][\w.-]{0,63}$/)
  .optional()

const pageView = z
  .object({
    type: z.literal('pageview'),
    path,
    /** The host of an outside referrer (only on the page view that opened the visit). */
    referrer: z
      .string()
      .max(253)
      .regex(/^[\w.-]+(:\d+)?$/)
      .optional(),
    utm_source: campaignValue,
    utm_medium: campaignValue,
    utm_campaign: campaignValue,
    utm_term: campaignValue,
    utm_content: campaignValue,
    /** Whether the address had a gclid, fbclid or msclkid (never its value). */
    clickId: z.boolean(),
    device: z.enum(DEVICE_CLASSES),
    /** The visit's first page: a load from another site, a campaign link or no referrer. */
    entry: z.boolean(),
  })
  .strict()

const formEvent = z
  .object({
    type: z.literal('form'),
    form: z.enum(LEAD_FORMS),
    step: z.enum(FORM_STEPS),
    field: fieldName,
    path,
  })
  .strict()

const questionEvent = z
  .object({
    type: z.literal('question'),
    step: z.enum(['reached', 'answered']),
    question: z.enum(QUESTION_IDS),
    branch: z.enum(['', ...ROLE_OPTIONS]),
  })
  .strict()

const vitalEvent = z
  .object({
    type: z.literal('vital'),
    metric: z.enum(VITALS),
    value: z.number().min(0).max(600_000),
    path,
    device: z.enum(DEVICE_CLASSES),
  })
  .strict()

/** A page view of an experiment's page, with the variant the server chose for it (docs/experiments.md). */
const exposureEvent = z.object({ type: z.literal('exposure'), ...seenVariantSchema.shape, path }).strict()

export const insightEventSchema = z.discriminatedUnion('type', [
  pageView,
  formEvent,
  questionEvent,
  vitalEvent,
  exposureEvent,
])
export const insightBatchSchema = z
  .object({ events: z.array(insightEventSchema).min(1).max(INSIGHTS_BATCH_MAX_EVENTS) })
  .strict()

export type InsightEvent = z.infer<typeof insightEventSchema>
export type InsightBatch = z.infer<typeof insightBatchSchema>

/** The figures of one period, as `GET /api/admin/insights` and `pnpm insights --json` give them. */
export interface InsightTotals {
  visitors: number
  pageViews: number
  visits: number
  leads: number
  /** Leads per visit; 0 without visits. */
  conversionRate: number
  delivered: number
}

export interface LandingPageRow {
  page: string
  visits: number
  leads: number
  conversionRate: number
  delivered: number
}

export interface CampaignRow {
  source: string
  medium: string
  campaign: string
  visits: number
  leads: number
  conversionRate: number
  delivered: number
}

export interface FormRow {
  form: string
  seen: number
  started: number
  submitted: number
  stored: number
  /** Validation messages shown, by field. */
  invalid: Record<string, number>
  /** Leads the server stored for this form in the period (every visitor, counted or not). */
  leads: number
  delivered: number
}

export interface QuestionRow {
  question: string
  reached: number
  answered: number
  /** Reached but not answered: where people left (or went back). */
  left: number
}

export interface VitalRow {
  page: string
  device: string
  metric: VitalName
  samples: number
  p75: number
  good: boolean
}

export interface InsightsReport {
  range: { from: string; to: string }
  previous: { from: string; to: string }
  totals: InsightTotals
  previousTotals: InsightTotals
  landingPages: LandingPageRow[]
  campaigns: CampaignRow[]
  forms: FormRow[]
  questionnaire: { all: QuestionRow[]; branches: Record<string, QuestionRow[]> }
  vitals: VitalRow[]
}
