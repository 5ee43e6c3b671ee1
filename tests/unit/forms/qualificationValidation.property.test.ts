import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateAnswer } from '../../../apps/web/app/forms/qualification/qualificationSchema'
import { applicableQuestions, QUESTIONS, type Answers, type Question } from '../../../apps/web/app/forms/qualification/questions'

const RUNS = 1500

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

// Characters that sit on the rules' edges: blanks trim() removes, @ and dots, and ordinary letters.
const edgyCharacter = fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff', '@', '.', 'a', 'Z', '7', '-', '+', '(', 'é', '😀', '𐀀')
const edgyText = fc.string({ unit: edgyCharacter, maxLength: 14 })
const emailLike = fc
  .tuple(fc.constantFrom('', ' ', '\t', '  '), fc.emailAddress(), fc.constantFrom('', ' ', '\n'), fc.constantFrom('', '.', '@', ' x', '..'))
  .map(([before, address, after, damage]) => `${before}${address}${damage}${after}`)
const anyText = fc.oneof(edgyText, fc.string({ maxLength: 24 }), fc.string({ unit: 'grapheme', maxLength: 12 }), emailLike)

describe('qualification validators agree with SPEC section 5', () => {
  it('text questions: the message shown (or none) is the one the spec gives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...textQuestions), anyText, (question, value) => {
        expect(validateAnswer(question, value)).toBe(oracle(question, value))
      }),
      { numRuns: RUNS },
    )
  })

  it('choice questions: only one of the question\'s own options is an answer', () => {
    const choiceQuestion = fc.constantFrom(...choiceQuestions)
    const value = (question: Question) =>
      question.type === 'choice' ? fc.oneof(fc.constantFrom(...question.options), fc.constantFrom(...QUESTIONS.flatMap((q) => (q.type === 'choice' ? q.options : []))), anyText) : anyText
    fc.assert(
      fc.property(choiceQuestion.chain((question) => fc.tuple(fc.constant(question), value(question))), ([question, answer]) => {
        expect(validateAnswer(question, answer)).toBe(oracle(question, answer))
      }),
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
        const { role, writesAnnuities } = given
        const expected = [
          'firstName',
          'lastName',
          'email',
          'phone',
          'company',
          'role',
          ...(role === 'RIA' ? ['numberOfAdvisors'] : []),
          ...(role === 'IMO/FMO' ? ['numberOfAgents', 'production12Month'] : []),
          ...(role === 'Insurance Agent' ? ['writesAnnuities'] : []),
          ...(role === 'Insurance Agent' && writesAnnuities === 'Yes' ? ['annuityProduction'] : []),
          ...(role === 'RIA' || role === 'Independent Advisor' ? ['currentAUM'] : []),
          'primaryChallenge',
          'monthlyMarketingBudget',
          'timeline',
          'decisionMaker',
        ]
        expect(applicableQuestions(given).map((question) => question.id)).toEqual(expected)
      }),
      { numRuns: RUNS },
    )
  })
})
