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

/** The questionnaire's answers that can carry points (issue 42, point 4): every routing answer but the contact form's. */
export const SCORED_ANSWERS: readonly RoutingAnswer[] = ROUTING_ANSWERS.filter((answer) => answer.name !== 'interest')

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
  /** A score band: the rule takes a questionnaire lead whose score is at least this; none: any lead. */
  minScore: z.number().nullish(),
  emails: strings,
  channels: strings,
})

const confirmation = z.object({
  form: z.enum(LEAD_FORMS),
  subject: z.string().min(1),
  body: z.string().min(1),
})

/** Who takes each lead (docs/lead-follow-through.md): the defaults the Studio shows and the server applies. */
export const DEFAULT_CLAIM_WINDOW_MINUTES = 5
export const DEFAULT_ESCALATE_AFTER_MINUTES = 60

/** The days business hours can name, in the order a week is shown (Monday first). */
export const WEEKDAYS = [
  { value: 'mon', title: 'Monday' },
  { value: 'tue', title: 'Tuesday' },
  { value: 'wed', title: 'Wednesday' },
  { value: 'thu', title: 'Thursday' },
  { value: 'fri', title: 'Friday' },
  { value: 'sat', title: 'Saturday' },
  { value: 'sun', title: 'Sunday' },
] as const
export type Weekday = (typeof WEEKDAYS)[number]['value']
export const DEFAULT_BUSINESS_DAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri']

/** The time zones the team can keep its hours in (the company's clients are in the United States). */
export const BUSINESS_TIME_ZONES = [
  { value: 'America/New_York', title: 'Eastern (New York)' },
  { value: 'America/Chicago', title: 'Central (Chicago)' },
  { value: 'America/Denver', title: 'Mountain (Denver)' },
  { value: 'America/Phoenix', title: 'Mountain, no daylight saving (Phoenix)' },
  { value: 'America/Los_Angeles', title: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', title: 'Alaska (Anchorage)' },
  { value: 'Pacific/Honolulu', title: 'Hawaii (Honolulu)' },
] as const

/** A time of day as the Studio takes it: 24-hour `HH:MM`. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

const minutes = z.number().positive().max(10_080)

const businessHours = z
  .object({
    timeZone: z.enum(BUSINESS_TIME_ZONES.map((zone) => zone.value) as [string, ...string[]]),
    days: z.array(z.enum(WEEKDAYS.map((day) => day.value) as [Weekday, ...Weekday[]])).min(1),
    opens: z.string().regex(TIME_OF_DAY_PATTERN),
    closes: z.string().regex(TIME_OF_DAY_PATTERN),
  })
  .refine((hours) => hours.opens < hours.closes, { path: ['closes'], message: 'closes after it opens' })

export type BusinessHours = z.output<typeof businessHours>

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
  /** Offered each lead in turn; a person marked away is skipped. Empty: no rotation. */
  rotation: z
    .array(z.object({ email: z.string().min(3), away: z.boolean().nullish().transform(Boolean) }))
    .nullish()
    .transform((list) => list ?? []),
  claimWindowMinutes: minutes.nullish(),
  escalationEmails: strings,
  escalateAfterMinutes: minutes.nullish(),
  /** Outside them the claim and escalation clocks stop; none: always open. */
  businessHours: businessHours.nullish(),
  /** Points per answer of the questionnaire, by answer. */
  scoring: z
    .object(
      Object.fromEntries(
        SCORED_ANSWERS.map((answer) => [
          answer.name,
          z
            .array(z.object({ value: z.string(), points: z.number() }))
            .nullish()
            .transform((list) => list ?? []),
        ]),
      ),
    )
    .nullish(),
})

export type LeadRouting = z.output<typeof leadRoutingSchema>
export type LeadRoutingRule = LeadRouting['rules'][number]

/** A questionnaire lead's score: the sum of its answers' points, and which answers gave them. */
export interface LeadScore {
  points: number
  /** `AUM band: Over $250M +30`, in the order of the routing answers. */
  reasons: string[]
}

/** The score of a lead by the document's points; none for another form or when no answer has points. */
export function scoreLead(
  form: string,
  payload: Record<string, unknown>,
  routing: Pick<LeadRouting, 'scoring'> | undefined,
): LeadScore | undefined {
  const scoring = routing?.scoring as Record<string, Array<{ value: string; points: number }>> | null | undefined
  if (form !== 'qualify' || !scoring || !SCORED_ANSWERS.some((answer) => scoring[answer.name]?.length)) return undefined
  let points = 0
  const reasons: string[] = []
  for (const answer of SCORED_ANSWERS) {
    const given = payload[answer.name]
    const entry = scoring[answer.name]?.find((item) => item.value === given)
    if (!entry || entry.points === 0) continue
    points += entry.points
    const title = answer.options.find((option) => option.value === given)?.title ?? String(given)
    reasons.push(`${answer.title}: ${title} ${entry.points > 0 ? '+' : ''}${entry.points}`)
  }
  return { points, reasons }
}

/** `Score 55: Timeline: Immediately (this week) +25 · AUM band: Over $250M +30`, as every surface shows it. */
export function scoreText(score: LeadScore): string {
  return score.reasons.length > 0 ? `Score ${score.points}: ${score.reasons.join(' · ')}` : `Score ${score.points}`
}

/** The score kept on a lead's routing record (`notify.score`), if it has one of the right shape. */
export function scoreOf(notify: unknown): LeadScore | undefined {
  const score = (notify as { score?: unknown } | null | undefined)?.score as Partial<LeadScore> | undefined
  if (typeof score?.points !== 'number' || !Array.isArray(score.reasons)) return undefined
  return { points: score.points, reasons: score.reasons.filter((reason) => typeof reason === 'string') }
}
