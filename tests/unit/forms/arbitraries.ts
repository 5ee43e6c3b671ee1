import fc from 'fast-check'

/** Generators for the property tests: arbitrary, long, whitespace-padded and e-mail-like strings. */

const WHITESPACE = [' ', '\t', '\n', '\r\n', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028']

/** Any text: unicode (astral characters included), raw code units, and plain ASCII. */
export const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ maxLength }),
  )

/** `inner` with a few whitespace characters before and after it. */
export const padded = (inner: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.array(fc.constantFrom(...WHITESPACE), { maxLength: 3 }), inner, fc.array(fc.constantFrom(...WHITESPACE), { maxLength: 3 }))
    .map(([before, text, after]) => before.join('') + text + after.join(''))

/** Text whose length is within 3 of `limit` (before padding), some of it astral (two code units). */
export const nearLimit = (limit: number) =>
  fc
    .integer({ min: Math.max(0, limit - 3), max: limit + 3 })
    .chain((length) => fc.string({ unit: fc.constantFrom('a', 'Z', 'é', '😀', ' ', '-'), minLength: length, maxLength: length }))

/** Text of the kind a person types in a field: any text, near the limit, or padded. */
export const fieldText = (limit: number) =>
  fc.oneof(anyText(limit + 20), nearLimit(limit), padded(nearLimit(limit)), padded(anyText(12)), fc.constant(''), fc.constantFrom(...WHITESPACE))

const LOCAL_CHARS = ['a', 'Z', '7', '_', "'", '+', '-', '.', '.', '@', 'é', ' ', '!', '😀']
const LABEL_CHARS = ['a', 'q', 'Z', '0', '9', '-', '_', 'é']
const TLD_CHARS = ['c', 'o', 'M', 'x', '1', '-']

/** Strings that look like e-mail addresses, valid ones and ones broken in every way. */
export const emailLike = fc.oneof(
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...LOCAL_CHARS), maxLength: 10 }),
      fc.constantFrom('@', '@', '@', '@@', ''),
      fc.array(fc.string({ unit: fc.constantFrom(...LABEL_CHARS), maxLength: 6 }), { maxLength: 3 }),
      fc.string({ unit: fc.constantFrom(...TLD_CHARS), maxLength: 5 }),
    )
    .map(([local, at, labels, tld]) => `${local}${at}${[...labels, tld].join('.')}`),
  fc
    .tuple(fc.stringMatching(/^[a-z0-9]+(\.[a-z0-9_'+-]+)*$/), fc.stringMatching(/^([a-z0-9][a-z0-9-]*\.)+[a-z]{2,6}$/))
    .map(([local, domain]) => `${local}@${domain}`),
  // Valid addresses around the 255-character limit.
  fc.integer({ min: 240, max: 250 }).map((length) => `${'a'.repeat(length)}@example.com`),
)

export const emailText = fc.oneof(emailLike, padded(emailLike), anyText(40))
