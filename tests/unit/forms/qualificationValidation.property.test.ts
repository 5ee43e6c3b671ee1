import { firstInvalidQuestion, validateAnswer } from '@site/leads/schemas/qualificationSchema'
import {
  type Answers,
  applicableQuestions,
  QUESTION_IDS,
  QUESTIONS,
  type Question,
} from '@site/leads/schemas/questions'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildQualificationPayload } from '../../../apps/web/app/forms/qualification/payload'
import { postWebhook } from '../../../apps/web/app/forms/shared/postWebhook'
import { fieldText, hostileText, padded, veryLongText, whitespaceOnly } from './arbitraries'
import { recordWebhookBodies } from './recordWebhookBodies'
import { askedQuestionIds } from './specOracle'

const RUNS = 10_000

/** SPEC section 5, written out independently of the implementation (no zod, no regular expressions). */
function oracle(question: Question, value: string): string | undefined {
  const trimmed = value.trim()
  // "Length" counts characters (code points): an emoji or a rare CJK character is one character, not two.
  const length = [...trimmed].length
  if (question.type === 'choice') return question.options.includes(value) ? undefined : 'This question is required'
  switch (question.id) {
    case 'email':
      if (trimmed === '') return 'Email is required'
      return looksLikeEmail(trimmed) ? undefined : 'Please enter a valid email'
    case 'firstName':
    case 'lastName':
      if (trimmed === '') return 'This question is required'
      return length >= 2 ? undefined : 'Please enter at least 2 characters'
    case 'phone':
      if (trimmed === '') return 'This question is required'
      return length >= 10 ? undefined : 'Please enter a valid phone number'
    case 'company':
      if (trimmed === '') return 'This question is required'
      return length >= 2 ? undefined : 'Company name is required'
    default:
      return trimmed === '' ? 'This question is required' : undefined
  }
}

/** name@domain.tld: exactly one @, no blank characters, a domain of two or more non-empty dot-separated labels. */
function looksLikeEmail(address: string): boolean {
  if ([...address].some((character) => character.trim() === '')) return false
  const parts = address.split('@')
  if (parts.length !== 2) return false
  const [local = '', domain = ''] = parts
  const labels = domain.split('.')
  return local.length > 0 && labels.length >= 2 && labels.every((label) => label.length > 0)
}

const textQuestions = QUESTIONS.filter((question) => question.type !== 'choice')
const choiceQuestions = QUESTIONS.filter((question) => question.type === 'choice')
const allOptions = QUESTIONS.flatMap((question) => (question.type === 'choice' ? question.options : []))

// Characters that sit on the rules' edges: blanks trim() removes, @ and dots, and ordinary letters.
const edgyCharacter = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\u2003',
  '\ufeff',
  '@',
  '.',
  'a',
  'Z',
  '7',
  '-',
  '+',
  '(',
  'é',
  '😀',
  '𐀀',
)
const edgyText = fc.string({ unit: edgyCharacter, maxLength: 14 })
const emailLike = fc
  .tuple(
    fc.constantFrom('', ' ', '\t', '  '),
    fc.emailAddress(),
    fc.constantFrom('', ' ', '\n'),
    fc.constantFrom('', '.', '@', ' x', '..'),
  )
  .map(([before, address, after, damage]) => `${before}${address}${damage}${after}`)
const anyText = fc.oneof(
  edgyText,
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  emailLike,
  padded(hostileText(4)),
  whitespaceOnly(),
  veryLongText,
)

describe('qualification validators agree with SPEC section 5', () => {
  it('text questions: the message shown (or none) is the one the spec gives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...textQuestions), anyText, (question, value) => {
        expect(validateAnswer(question, value)).toBe(oracle(question, value))
      }),
      { numRuns: RUNS },
    )
  })

  it("choice questions: only one of the question's own options is an answer", () => {
    const choiceQuestion = fc.constantFrom(...choiceQuestions)
    const value = (question: Question) =>
      question.type === 'choice'
        ? fc.oneof(fc.constantFrom(...question.options), fc.constantFrom(...allOptions), anyText)
        : anyText
    fc.assert(
      fc.property(
        choiceQuestion.chain((question) => fc.tuple(fc.constant(question), value(question))),
        ([question, answer]) => {
          expect(validateAnswer(question, answer)).toBe(oracle(question, answer))
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('which questions are asked follows the conditions of SPEC section 4', () => {
    const answers = fc.record(
      {
        role: fc.constantFrom('', 'RIA', 'Independent Advisor', 'Insurance Agent', 'IMO/FMO', 'ria'),
        writesAnnuities: fc.constantFrom('', 'Yes', 'No'),
        numberOfAdvisors: fc.constantFrom('', '2-5'),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(answers, (given: Answers) => {
        expect(applicableQuestions(given).map((question) => question.id)).toEqual(askedQuestionIds(given))
      }),
      { numRuns: RUNS },
    )
  })

  it('never throw, whatever the answers (a draft restored from storage may hold anything)', () => {
    const anyAnswers = fc.dictionary(
      fc.oneof(fc.constantFrom(...QUESTION_IDS), fc.string()),
      fc.oneof(anyText, fc.constantFrom(...allOptions)),
      {
        maxKeys: 20,
      },
    )
    fc.assert(
      fc.property(
        anyAnswers,
        fc.constantFrom(...QUESTIONS),
        fc.option(anyText, { nil: undefined }),
        (answers: Answers, question, value) => {
          const message = validateAnswer(question, value)
          expect(message === undefined || typeof message === 'string').toBe(true)
          const invalid = firstInvalidQuestion(answers)
          expect(invalid === undefined || QUESTIONS.includes(invalid)).toBe(true)
        },
      ),
      { numRuns: RUNS },
    )
  })
})

describe('the qualification submission reaches the webhook exactly as answered', () => {
  /** Answers a visitor can give: any role and branch, text answers of every kind, sometimes a stale answer of another branch. */
  const givenAnswers: fc.Arbitrary<Answers> = fc.record(
    Object.fromEntries(
      QUESTIONS.map((question) => [
        question.id,
        question.type === 'choice' ? fc.constantFrom(...question.options) : fieldText(question.maxLength),
      ]),
    ),
    { requiredKeys: [] },
  )

  it("sends timestamp, source, then each asked question's answer trimmed, in order, as JSON strings", async () => {
    const bodies = recordWebhookBodies()
    const timestamp = '2025-03-04T05:06:07.089Z'
    await fc.assert(
      fc.asyncProperty(givenAnswers, async (answers) => {
        bodies.length = 0
        await postWebhook('https://hooks.example.test/qualify', buildQualificationPayload(answers, timestamp))
        const sent: unknown = JSON.parse(String(bodies[0]))
        const asked = askedQuestionIds(answers)
        const answerOf: Record<string, string | undefined> = answers
        const expected = {
          timestamp,
          source: 'Lead Qualification Form',
          ...Object.fromEntries(asked.map((id) => [id, (answerOf[id] ?? '').trim()])),
        }
        expect(sent).toStrictEqual(expected)
        expect(Object.keys(sent as object)).toEqual(['timestamp', 'source', ...asked])
      }),
      { numRuns: RUNS },
    )
  })
})
