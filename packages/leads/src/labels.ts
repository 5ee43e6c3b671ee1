import type { LeadTouch } from './context'
import type { LeadFormName } from './forms'
import { type ContactValues, INTEREST_OPTIONS } from './schemas/contactSchema'
import type { GateValues } from './schemas/gateSchema'
import type { giveawaySchema } from './schemas/giveawaySchema'
import { QUESTION_LABELS, type QuestionId } from './schemas/questions'
import type { z } from './zod'

/**
 * How a lead reads to a person (the Leads tool, `pnpm leads`, the team's notifications): each answer under
 * its label from SPEC section 3, option values as their labels, in the form's order. The labels are typed
 * against the forms' schemas, so a field added to a form without a label fails the type check.
 */

/** What every submission adds to the form's fields (SPEC section 7). */
const SUBMISSION_LABELS = { timestamp: 'Sent at', source: 'Source' } as const

type Labels<Fields extends string> = Record<Fields, string>

/** Each form's answer labels, in the order the form asks them (QUESTION_LABELS is in the questionnaire's order). */
export const LEAD_FIELD_LABELS = {
  contact: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    interest: 'Interest',
    message: 'Message',
    ...SUBMISSION_LABELS,
  } satisfies Labels<keyof ContactValues | keyof typeof SUBMISSION_LABELS>,
  guide: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    resource: 'Guide',
    timestamp: SUBMISSION_LABELS.timestamp,
  } satisfies Labels<keyof GateValues | 'resource' | 'timestamp'>,
  qualify: { ...QUESTION_LABELS, ...SUBMISSION_LABELS } satisfies Labels<QuestionId | keyof typeof SUBMISSION_LABELS>,
  giveaway: {
    fullName: 'Full name',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    title: 'Title',
    optIn: 'Agreed to follow-up',
    ...SUBMISSION_LABELS,
  } satisfies Labels<keyof z.output<typeof giveawaySchema> | keyof typeof SUBMISSION_LABELS>,
} as const satisfies Record<LeadFormName, Record<string, string>>

/** The labels of the contact form's options, by value (the questionnaire's values are their own labels). */
const OPTION_LABELS: Partial<Record<LeadFormName, Record<string, Record<string, string>>>> = {
  contact: { interest: Object.fromEntries(INTEREST_OPTIONS.map((option) => [option.value, option.label])) },
}

/** One answer of a lead as a person reads it. `time`: the value is an ISO time, to be shown in the reader's zone. */
export interface LeadAnswer {
  field: string
  label: string
  text: string
  time?: string
}

/**
 * A lead's payload as labelled answers: the form's fields in its order, then anything else it holds under
 * its own key. Empty answers are kept (as ''), so a reader sees that the question was left blank.
 */
export function leadAnswers(form: LeadFormName, payload: Record<string, unknown>): LeadAnswer[] {
  const labels: Record<string, string> = LEAD_FIELD_LABELS[form] ?? {}
  const known = Object.keys(labels).filter((field) => field in payload)
  const others = Object.keys(payload).filter((field) => !(field in labels))
  return [...known, ...others].map((field) => {
    const value = payload[field]
    const answer: LeadAnswer = { field, label: labels[field] ?? field, text: answerText(form, field, value) }
    if (field === 'timestamp' && typeof value === 'string') answer.time = value
    return answer
  })
}

/** An answer's value as its label: an option's label, Yes or No for a tick box, text as typed. */
export function answerText(form: LeadFormName, field: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return JSON.stringify(value)
  return OPTION_LABELS[form]?.[field]?.[value] ?? value
}

/** The labels of an arrival's attribution (a touch), in the order a reader wants them. */
export const TOUCH_LABELS: Labels<keyof LeadTouch> = {
  utm_campaign: 'Campaign',
  utm_source: 'Source',
  utm_medium: 'Medium',
  utm_term: 'Term',
  utm_content: 'Content',
  landingPage: 'Landing page',
  referrer: 'Referrer',
  at: 'Arrived',
  gclid: 'Google Ads click',
  fbclid: 'Meta ads click',
  msclkid: 'Microsoft Ads click',
}

/** The lead's name, whichever form it came from (the questionnaire asks first and last name apart). */
export function leadName(payload: Record<string, unknown>): string {
  const text = (key: string) => {
    const value = payload[key]
    return typeof value === 'string' ? value.trim() : ''
  }
  return text('name') || text('fullName') || [text('firstName'), text('lastName')].filter(Boolean).join(' ')
}
