import { QUESTION_FIELD_NAMES } from './fieldNames'
import type { LeadFormName } from './forms'
import { INTEREST_OPTIONS } from './schemas/contactSchema'
import { QUESTIONS } from './schemas/questions'

/**
 * A lead's answers as people read them: each payload key with its field name (SPEC section 3) and each
 * answer with its option's label, not its stored value (`funnels` reads "Marketing Funnels"). The team's
 * e-mail, the digest and the Studio's Leads tool show a lead through this, so all three say the same.
 */

/** The other forms' fields (SPEC section 3), in the order each form asks them. */
const FORM_FIELD_NAMES: Record<Exclude<LeadFormName, 'qualify'>, Record<string, string>> = {
  contact: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    interest: 'Interest',
    message: 'Message',
  },
  guide: { name: 'Name', email: 'Email', phone: 'Phone', resource: 'Guide' },
  giveaway: {
    fullName: 'Full name',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    title: 'Title',
    optIn: 'Agreed to follow-up',
  },
}

/** What a submission adds to every form: not an answer, shown apart. */
const SUBMISSION_KEYS = new Set(['timestamp', 'source'])

export interface AnswerLine {
  key: string
  label: string
  /** The answer as the visitor chose it: an option's label, `Yes`/`No` for a tick box, text as typed. */
  value: string
}

/** The field names of a form, in the order it asks them. */
export function fieldNamesOf(form: LeadFormName): Record<string, string> {
  if (form !== 'qualify') return FORM_FIELD_NAMES[form]
  return Object.fromEntries(QUESTIONS.map((question) => [question.id, QUESTION_FIELD_NAMES[question.id]]))
}

/** The readable label of one stored answer. */
export function answerText(key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value !== 'string') return value === undefined || value === null ? '' : JSON.stringify(value)
  if (key === 'interest') return INTEREST_OPTIONS.find((option) => option.value === value)?.label ?? value
  return value
}

/**
 * Every answer of a payload with its label, in the form's order; a key the form does not name (an older
 * payload) follows under its own name, so nothing stored is left out. Empty answers are left out.
 */
export function answerLines(form: LeadFormName, payload: Record<string, unknown>): AnswerLine[] {
  const names = fieldNamesOf(form)
  const known = Object.keys(names).filter((key) => key in payload)
  const other = Object.keys(payload).filter((key) => !(key in names) && !SUBMISSION_KEYS.has(key))
  return [...known, ...other]
    .map((key) => ({ key, label: names[key] ?? key, value: answerText(key, payload[key]) }))
    .filter((line) => line.value.trim() !== '')
}
