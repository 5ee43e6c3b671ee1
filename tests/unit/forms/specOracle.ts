/**
 * The validation rules of SPEC section 5, written out independently of the zod schemas, for the
 * property tests. A "character" is a Unicode code point (an emoji is one; see FIELD_LIMITS);
 * "trimmed" is String.prototype.trim. Each checker returns the message of the first rule a value
 * breaks, in the order SPEC lists the rules, or null when it passes.
 */

const LIMITS = { name: 100, email: 255, phone: 20, company: 100, message: 1000 }

/** Length in code points: the string's iterator yields one per code point (a lone surrogate counts as one). */
const characters = (value: string) => Array.from(value).length

const isAsciiLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
const isDigit = (c: string) => c >= '0' && c <= '9'
const isAlphanumeric = (c: string) => isAsciiLetter(c) || isDigit(c)

/**
 * An e-mail address: exactly one "@"; before it, one or more non-empty dot-separated runs of letters,
 * digits, _ ' + -, not ending in an apostrophe; after it, one or more domain labels (a letter or digit,
 * then letters, digits or hyphens), each followed by a dot, and a top-level domain of two or more letters.
 */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@')
  if (at < 0 || value.indexOf('@', at + 1) >= 0) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  const localRuns = local.split('.')
  const isLocalChar = (c: string) => isAlphanumeric(c) || "_'+-".includes(c)
  if (localRuns.some((run) => run.length === 0 || ![...run].every(isLocalChar))) return false
  if (local.endsWith("'")) return false
  const labels = domain.split('.')
  const topLevel = labels.pop() ?? ''
  if (labels.length === 0) return false
  if (topLevel.length < 2 || ![...topLevel].every(isAsciiLetter)) return false
  return labels.every(
    (label) => label.length > 0 && isAlphanumeric(label[0]!) && [...label].every((c) => isAlphanumeric(c) || c === '-'),
  )
}

const requiredTrimmed = (value: string, max: number, requiredMessage: string, maxMessage: string) => {
  const trimmed = value.trim()
  if (trimmed.length === 0) return requiredMessage
  if (characters(trimmed) > max) return maxMessage
  return null
}

const email = (value: string) => {
  const trimmed = value.trim()
  if (!isEmailAddress(trimmed)) return 'Invalid email address'
  if (characters(trimmed) > LIMITS.email) return 'Email must be less than 255 characters'
  return null
}

const optionalMax = (value: string, max: number, message: string) => (characters(value) > max ? message : null)

export const INTEREST_VALUES = ['app', 'funnels', 'ads', 'all', 'other']

export interface ContactFields {
  name: string
  email: string
  phone: string
  company: string
  interest: string
  message: string
}

/** Contact form: each field's message, or null. */
export function contactOracle(input: ContactFields): Record<keyof ContactFields, string | null> {
  return {
    name: requiredTrimmed(input.name, LIMITS.name, 'Name is required', 'Name must be less than 100 characters'),
    email: email(input.email),
    phone: optionalMax(input.phone, LIMITS.phone, 'Phone must be less than 20 characters'),
    company: optionalMax(input.company, LIMITS.company, 'Company name must be less than 100 characters'),
    interest: INTEREST_VALUES.includes(input.interest) ? null : 'Please select an option',
    message: optionalMax(input.message, LIMITS.message, 'Message must be less than 1000 characters'),
  }
}

export interface GateFields {
  name: string
  email: string
  phone: string
}

/** Guide-access form: each field's message, or null. */
export function gateOracle(input: GateFields): Record<keyof GateFields, string | null> {
  return {
    name: requiredTrimmed(input.name, LIMITS.name, 'Name is required', 'Name must be less than 100 characters'),
    email: email(input.email),
    phone: requiredTrimmed(
      input.phone,
      LIMITS.phone,
      'Phone number is required',
      'Phone number must be less than 20 characters',
    ),
  }
}

/** SPEC section 4: the questions of the qualification form that are asked, in order, given the answers. */
export function askedQuestionIds({ role, writesAnnuities }: { role?: string; writesAnnuities?: string }): string[] {
  return [
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
}
