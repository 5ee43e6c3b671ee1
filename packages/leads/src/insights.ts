import { LEAD_FORM_TITLES } from './admin'
import { LEAD_FORMS, type LeadFormName } from './forms'
import { QUESTION_IDS, QUESTION_LABELS, type QuestionId, ROLE_OPTIONS } from './schemas/questions'
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

/**
 * Why a visit is not counted (the recorder's events are dropped on arrival, README "Privacy"): its browser is
 * a bot or a headless one (isbot, or no user agent), or it sends Global Privacy Control. A lead from such a
 * visit is stored and delivered as any, and shown apart in the figures: counting it against visits that were
 * not counted would give conversion rates over 100 %.
 */
export const UNCOUNTED_VISIT_REASONS = ['bot', 'gpc'] as const
export type UncountedVisitReason = (typeof UNCOUNTED_VISIT_REASONS)[number]

export const UNCOUNTED_VISIT_TITLES: Record<UncountedVisitReason, string> = {
  bot: 'a bot or headless browser',
  gpc: 'Global Privacy Control',
}

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
  /** Leads from counted visits: the ones the conversion rate divides. */
  leads: number
  /** Leads per visit; 0 without visits. */
  conversionRate: number
  delivered: number
  /** Leads from visits that were not counted, by why (stored and delivered as any, outside the rate). */
  uncountedLeads: Record<UncountedVisitReason, number>
}

export interface LandingPageRow {
  /** Leads from visits that were not counted (UNCOUNTED_VISIT_REASONS): not in `leads` nor the rate. */
  uncounted: number
  page: string
  visits: number
  leads: number
  conversionRate: number
  delivered: number
}

export interface CampaignRow {
  /** Leads from visits that were not counted (UNCOUNTED_VISIT_REASONS): not in `leads` nor the rate. */
  uncounted: number
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
  /** From lead to revenue (@site/leads/followThrough): what became of the period's leads, and how fast. */
  followThrough?: FollowThroughFigures
}

/** A group's leads and how far they went: taken, contacted, qualified, won, and the won value. */
export interface OutcomeCounts {
  leads: number
  taken: number
  contacted: number
  qualified: number
  won: number
  wonValue: number
}

/** Minutes from a lead's arrival to its being taken and to its first status change, per owner and ISO week. */
export interface SpeedRow {
  person: string
  /** The Monday (UTC) of the week the leads arrived, YYYY-MM-DD. */
  week: string
  leads: number
  takeMedianMinutes: number | null
  takeP90Minutes: number | null
  contactMedianMinutes: number | null
  contactP90Minutes: number | null
}

/**
 * A campaign row's spend in the period (the Studio's Campaign spend, apportioned by days) in US dollars, and
 * what each lead and each qualified lead cost; null where there is no spend, or nothing to divide by.
 */
export interface CampaignCost {
  spend: number | null
  costPerLead: number | null
  costPerQualifiedLead: number | null
}

export interface FollowThroughFigures {
  byLandingPage: Array<{ page: string } & OutcomeCounts>
  /** With spend: a spend entry no lead matched has a row of its own, "(all)" for a source or medium it leaves blank. */
  byCampaign: Array<{ source: string; medium: string; campaign: string } & OutcomeCounts & CampaignCost>
  byForm: Array<{ form: string } & OutcomeCounts>
  /** Only leads whose attribution names an experiment variant. */
  byVariant: Array<{ experiment: string; variant: string } & OutcomeCounts>
  speed: SpeedRow[]
}

/** "2 from a bot or headless browser, 1 with Global Privacy Control"; '' when there were none. */
export function uncountedText(counts: Record<UncountedVisitReason, number>): string {
  const parts = UNCOUNTED_VISIT_REASONS.filter((reason) => counts[reason] > 0).map(
    (reason) => `${counts[reason]} ${reason === 'gpc' ? 'with' : 'from'} ${UNCOUNTED_VISIT_TITLES[reason]}`,
  )
  return parts.join(', ')
}

/** A share as a person reads it: "12.5 %". */
export const percentText = (rate: number) => `${(rate * 100).toFixed(1)} %`

/** An amount of US dollars as the Insights tool and `pnpm insights` show it: "$1,700.00"; "—" for none. */
export const dollarsText = (amount: number | null) =>
  amount === null ? '—' : `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** A conversion rate as the Insights tool and `pnpm insights` show it: "—" where there was no visit to divide by. */
export const conversionText = (row: { conversionRate: number; visits: number }) =>
  row.visits > 0 ? percentText(row.conversionRate) : '—'

/** A questionnaire question by the label a lead's answer carries (`production12Month` → "12-month production"). */
export const questionTitle = (question: string) => QUESTION_LABELS[question as QuestionId] ?? question

/** A form by the title the Leads tool gives it (`qualify` → "Questionnaire"). */
export const formTitle = (form: string) => LEAD_FORM_TITLES[form as LeadFormName] ?? form
