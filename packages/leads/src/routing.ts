import { LEAD_FORMS } from './forms'
import { INTEREST_OPTIONS } from './schemas/contactSchema'
import { OPTION_SETS, QUESTION_LABELS } from './schemas/questions'
import { z } from './zod'

/**
 * The lead routing document (`leadRouting`, edited in the Studio, read by the lead server): which answers a
 * rule can test, with the options the forms offer, and the document's shape as the server accepts it.
 */

export const LEAD_ROUTING_ID = 'leadRouting'

interface RoutingAnswer {
  /** The payload key the rule tests, and the rule's field of the same name. */
  name: string
  title: string
  options: ReadonlyArray<{ value: string; title: string }>
}

const fromOptionSet = (name: keyof typeof OPTION_SETS, title: string): RoutingAnswer => ({
  name,
  title,
  options: OPTION_SETS[name].map((value) => ({ value, title: value })),
})

/** The answers a rule can route on: role, interest, timeline, budget, decision maker, AUM and production band. */
export const ROUTING_ANSWERS: readonly RoutingAnswer[] = [
  fromOptionSet('role', QUESTION_LABELS.role),
  {
    name: 'interest',
    title: 'Interest (contact form)',
    options: INTEREST_OPTIONS.map((option) => ({ value: option.value, title: option.label })),
  },
  fromOptionSet('timeline', QUESTION_LABELS.timeline),
  fromOptionSet('monthlyMarketingBudget', QUESTION_LABELS.monthlyMarketingBudget),
  fromOptionSet('decisionMaker', QUESTION_LABELS.decisionMaker),
  fromOptionSet('currentAUM', 'AUM band'),
  fromOptionSet('production12Month', 'Production band'),
]

/** A channel name as `LEAD_CHAT_WEBHOOKS` and a rule write it, and a rule's name. */
export const ROUTING_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/

const name = z.string().regex(ROUTING_NAME_PATTERN)
const strings = z
  .array(z.string())
  .nullish()
  .transform((list) => list ?? [])

const rule = z.object({
  name,
  forms: z
    .array(z.enum(LEAD_FORMS))
    .nullish()
    .transform((list) => list ?? []),
  ...Object.fromEntries(ROUTING_ANSWERS.map((answer) => [answer.name, strings])),
  hot: z.boolean().nullish().transform(Boolean),
  emails: strings,
  channels: strings,
})

const confirmation = z.object({
  form: z.enum(LEAD_FORMS),
  subject: z.string().min(1),
  body: z.string().min(1),
})

/** The published routing document, as the server reads it; a field the Studio left empty is an empty list. */
export const leadRoutingSchema = z.object({
  _id: z.string(),
  _rev: z.string(),
  rules: z
    .array(rule)
    .nullish()
    .transform((list) => list ?? []),
  otherwiseEmails: strings,
  confirmations: z
    .array(confirmation)
    .nullish()
    .transform((list) => list ?? []),
  /** The reasons a lost lead can be given (the take page, the Leads tool and the CRM webhook offer these). */
  lostReasons: strings,
})

export type LeadRouting = z.output<typeof leadRoutingSchema>
export type LeadRoutingRule = LeadRouting['rules'][number]
