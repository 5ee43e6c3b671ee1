import { z } from './zod'

/**
 * What every form accepts as an e-mail address: zod's standard pattern — a local part of letters,
 * digits and _ ' + - in dot-separated runs, "@", then dot-separated domain labels (letter or digit
 * first, then letters, digits, hyphens) ending in a top-level domain of two or more letters.
 */
export const EMAIL_PATTERN = z.regexes.email

/** The first message, in `fieldOrder`, among a form's field errors. */
export function firstErrorMessage<K extends string>(
  fieldOrder: readonly K[],
  errors: Partial<Record<K, { message?: string } | undefined>>,
): string | undefined {
  for (const field of fieldOrder) {
    const message = errors[field]?.message
    if (message) return message
  }
  return undefined
}
