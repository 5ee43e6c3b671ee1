import { FIELD_LIMITS } from './limits'
import { z } from './zod'

/**
 * What every form accepts as an e-mail address: zod's standard pattern — a local part of letters,
 * digits and _ ' + - in dot-separated runs, "@", then dot-separated domain labels (letter or digit
 * first, then letters, digits, hyphens) ending in a top-level domain of two or more letters.
 */
export const EMAIL_PATTERN = z.regexes.email

/** Name and e-mail read the same on the contact and the guide form (SPEC section 5): trimmed, required, limited. */
export const requiredName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(FIELD_LIMITS.name, `Name must be less than ${FIELD_LIMITS.name} characters`)

export const validEmail = z
  .string()
  .trim()
  .regex(EMAIL_PATTERN, 'Invalid email address')
  .max(FIELD_LIMITS.email, `Email must be less than ${FIELD_LIMITS.email} characters`)
