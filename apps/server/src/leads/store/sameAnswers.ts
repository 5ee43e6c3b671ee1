import type { JsonObject } from '../db/tables.ts'

/** What every submission of a form carries anew, whatever was answered: never part of the comparison. */
const SUBMISSION_TIME = 'timestamp'

/**
 * A payload's answers as a repeat is matched: every field but the submission's time, each free text trimmed, in
 * lower case, its runs of white space made one space (Unicode NFKC first, so a full-width or composed letter is
 * the letter), the keys in one order. Two submissions are the same when these are equal: a person who sends the
 * same message again (a resend, a second tab, "did it go?") repeats; a person with a new question does not.
 */
export function normalisedAnswers(payload: JsonObject): string {
  const { [SUBMISSION_TIME]: _sent, ...answers } = payload
  return JSON.stringify(normalised(answers))
}

function normalised(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase()
  if (Array.isArray(value)) return value.map(normalised)
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as JsonObject).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return Object.fromEntries(entries.map(([key, inner]) => [key, normalised(inner)]))
  }
  return value
}
