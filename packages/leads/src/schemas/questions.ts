import { FIELD_LIMITS } from '../limits'

/** Every question of the qualification questionnaire, by the key its answer has in the payload. */
export const QUESTION_IDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'role',
  'numberOfAdvisors',
  'numberOfAgents',
  'production12Month',
  'writesAnnuities',
  'annuityProduction',
  'currentAUM',
  'primaryChallenge',
  'monthlyMarketingBudget',
  'timeline',
  'decisionMaker',
] as const

export type QuestionId = (typeof QUESTION_IDS)[number]

/** What the visitor has answered so far, by question id (an unanswered question is absent or ''). */
export type Answers = Partial<Record<QuestionId, string>>

export const ROLE_OPTIONS = ['RIA', 'Independent Advisor', 'Insurance Agent', 'IMO/FMO'] as const
export const YES_NO_OPTIONS = ['Yes', 'No'] as const

/** The option sets of SPEC section 3: each string is both the stored value and the visible label. */
export const OPTION_SETS = {
  role: ROLE_OPTIONS,
  numberOfAdvisors: ['Just me', '2-5', '6-10', '11-25', '26+'],
  numberOfAgents: ['1-10', '11-25', '26-50', '51-100', '100+'],
  production12Month: ['Under $5M', '$5M-$10M', '$10M-$20M', '$20M-$50M', 'Over $50M'],
  writesAnnuities: YES_NO_OPTIONS,
  annuityProduction: ['Under $500K', '$500K-$1M', '$1M-$2M', '$2M-$5M', 'Over $5M'],
  currentAUM: ['Under $25M', '$25M-$50M', '$50M-$100M', '$100M-$250M', 'Over $250M'],
  primaryChallenge: [
    'Not enough qualified leads',
    'Leads are too expensive',
    'Need more consistent pipeline',
    'Want to scale my practice',
    "Current marketing isn't working",
  ],
  monthlyMarketingBudget: ['Under $2,500', '$2,500-$5,000', '$5,000-$10,000', '$10,000-$25,000', 'Over $25,000'],
  timeline: ['Immediately (this week)', 'Within 1 month', '1-3 months', '3-6 months', 'Just researching'],
  decisionMaker: ['Yes', 'Shared Decision', 'No'],
} as const satisfies Partial<Record<QuestionId, readonly string[]>>

/**
 * Each question's plain name (SPEC section 3): the label of its answer wherever a lead is read (the Leads
 * tool, notifications), and the form's wording for a question the CMS has none for.
 */
export const QUESTION_LABELS: Record<QuestionId, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  role: 'Role',
  numberOfAdvisors: 'Number of advisors',
  numberOfAgents: 'Number of agents',
  production12Month: '12-month production',
  writesAnnuities: 'Writes annuities',
  annuityProduction: 'Annuity production',
  currentAUM: 'Current AUM',
  primaryChallenge: 'Primary challenge',
  monthlyMarketingBudget: 'Monthly marketing budget',
  timeline: 'Timeline',
  decisionMaker: 'Decision maker',
}

type Condition = (answers: Answers) => boolean

interface QuestionBase {
  id: QuestionId
  /** Whether the question is asked, given the answers so far (SPEC section 4). */
  appliesWhen: Condition
}

export interface TextQuestion extends QuestionBase {
  type: 'text' | 'email' | 'tel'
  autoComplete: string
  /** Input length cap (SPEC section 9 field limits). */
  maxLength: number
}

export interface ChoiceQuestion extends QuestionBase {
  type: 'choice'
  options: readonly string[]
}

export type Question = TextQuestion | ChoiceQuestion

const always: Condition = () => true
const roleIs =
  (...roles: (typeof ROLE_OPTIONS)[number][]): Condition =>
  (answers) =>
    roles.some((role) => answers.role === role)

const text = (id: QuestionId, type: TextQuestion['type'], autoComplete: string, maxLength: number): TextQuestion => ({
  id,
  type,
  autoComplete,
  maxLength,
  appliesWhen: always,
})

const choice = (id: keyof typeof OPTION_SETS, appliesWhen: Condition = always): ChoiceQuestion => ({
  id,
  type: 'choice',
  options: OPTION_SETS[id],
  appliesWhen,
})

/** Every question, in the order they are asked. */
export const QUESTIONS: readonly [Question, ...Question[]] = [
  text('firstName', 'text', 'given-name', FIELD_LIMITS.name),
  text('lastName', 'text', 'family-name', FIELD_LIMITS.name),
  text('email', 'email', 'email', FIELD_LIMITS.email),
  text('phone', 'tel', 'tel', FIELD_LIMITS.phone),
  text('company', 'text', 'organization', FIELD_LIMITS.company),
  choice('role'),
  choice('numberOfAdvisors', roleIs('RIA')),
  choice('numberOfAgents', roleIs('IMO/FMO')),
  choice('production12Month', roleIs('IMO/FMO')),
  choice('writesAnnuities', roleIs('Insurance Agent')),
  choice('annuityProduction', (answers) => answers.role === 'Insurance Agent' && answers.writesAnnuities === 'Yes'),
  choice('currentAUM', roleIs('RIA', 'Independent Advisor')),
  choice('primaryChallenge'),
  choice('monthlyMarketingBudget'),
  choice('timeline'),
  choice('decisionMaker'),
]

/** The questions asked given the current answers, in order: the steps of the questionnaire. */
export function applicableQuestions(answers: Answers): Question[] {
  return QUESTIONS.filter((question) => question.appliesWhen(answers))
}

/** The answer that ends the questionnaire early on the disqualified screen. */
export const DISQUALIFYING_ANSWER = { questionId: 'writesAnnuities', value: 'No' } as const satisfies {
  questionId: QuestionId
  value: string
}

export function isDisqualifying(questionId: QuestionId, value: string | undefined): boolean {
  return questionId === DISQUALIFYING_ANSWER.questionId && value === DISQUALIFYING_ANSWER.value
}
