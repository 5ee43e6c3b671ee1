/** The forms' business constants (SPEC section 9): field limits, qualification minimums and timings. */

/**
 * Maximum lengths, in characters, after trimming where a field is trimmed. A character is a Unicode
 * code point (an emoji counts as one), which is how zod measures strings.
 */
export const FIELD_LIMITS = {
  name: 100,
  email: 255,
  phone: 20,
  company: 100,
  message: 1000,
} as const

/** Height of the contact form's message box. */
export const MESSAGE_ROWS = 4

/** Minimum trimmed lengths in the qualification questionnaire (first and last name, phone, company). */
export const QUALIFICATION_MINIMUMS = {
  name: 2,
  phone: 10,
  company: 2,
} as const

/** Pause between the qualification submission and its success screen. */
export const QUALIFICATION_PAUSE_MS = 1000

/** A webhook that has not answered after this long is given up on, and counts as a failed send. */
export const SUBMIT_TIMEOUT_MS = 15_000
