import { QUALIFICATION_MINIMUMS } from '../limits'
import { z } from '../zod'
import { type Answers, applicableQuestions, type Question } from './questions'

/** The questionnaire's validation messages, word for word from SPEC section 5. */
export const QUALIFICATION_MESSAGES = {
  required: 'This question is required',
  nameTooShort: 'Please enter at least 2 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  phoneInvalid: 'Please enter a valid phone number',
  companyRequired: 'Company name is required',
} as const

/** "Looks like an e-mail address": one @, something before it, and a domain of dot-separated labels. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

const answered = (emptyMessage: string) => z.string().trim().min(1, { error: emptyMessage })

const atLeast = (minimum: number, message: string) =>
  answered(QUALIFICATION_MESSAGES.required).min(minimum, { error: message })

/** The rule of each text question; the checks run in order and the first failing one is shown. */
const TEXT_RULES: Partial<Record<Question['id'], z.ZodType<string>>> = {
  firstName: atLeast(QUALIFICATION_MINIMUMS.name, QUALIFICATION_MESSAGES.nameTooShort),
  lastName: atLeast(QUALIFICATION_MINIMUMS.name, QUALIFICATION_MESSAGES.nameTooShort),
  email: answered(QUALIFICATION_MESSAGES.emailRequired).regex(EMAIL_SHAPE, {
    error: QUALIFICATION_MESSAGES.emailInvalid,
  }),
  phone: atLeast(QUALIFICATION_MINIMUMS.phone, QUALIFICATION_MESSAGES.phoneInvalid),
  company: atLeast(QUALIFICATION_MINIMUMS.company, QUALIFICATION_MESSAGES.companyRequired),
}

/** The zod schema of one question's answer: text rules above, or one of the question's options. */
export function answerSchema(question: Question): z.ZodType<string> {
  if (question.type === 'choice') return z.enum(question.options, { error: QUALIFICATION_MESSAGES.required })
  return TEXT_RULES[question.id] ?? answered(QUALIFICATION_MESSAGES.required)
}

/** The message to show under `question` for `value`, or undefined when the answer is valid. */
export function validateAnswer(question: Question, value: string | undefined): string | undefined {
  const result = answerSchema(question).safeParse(value ?? '')
  return result.success ? undefined : result.error.issues[0]?.message
}

/** The first applicable question whose stored answer is not valid (e.g. a tampered draft), if any. */
export function firstInvalidQuestion(answers: Answers): Question | undefined {
  return applicableQuestions(answers).find((question) => validateAnswer(question, answers[question.id]) !== undefined)
}
