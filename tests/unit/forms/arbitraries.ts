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
    .tuple(
      fc.array(fc.constantFrom(...WHITESPACE), { maxLength: 3 }),
      inner,
      fc.array(fc.constantFrom(...WHITESPACE), { maxLength: 3 }),
    )
    .map(([before, text, after]) => before.join('') + text + after.join(''))

/** Text whose length is within 3 of `limit` (before padding), some of it astral (two code units). */
export const nearLimit = (limit: number) =>
  fc
    .integer({ min: Math.max(0, limit - 3), max: limit + 3 })
    .chain((length) =>
      fc.string({ unit: fc.constantFrom('a', 'Z', 'é', '😀', ' ', '-'), minLength: length, maxLength: length }),
    )

/** Only blanks, up to `maxLength` of them. */
export const whitespaceOnly = (maxLength = 30) =>
  fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength }).map((blanks) => blanks.join(''))

// Text a form must pass on unchanged: right-to-left scripts and direction controls, emoji sequences
// (skin tones, ZWJ families, flags, keycaps), and markup, script and template fragments.
const RIGHT_TO_LEFT = [
  'שלום עולם',
  'مرحبا بالعالم',
  'عميل 42',
  '\u202eevil.exe\u202c',
  '\u200f',
  '\u200e',
  '\u2067x\u2069',
]
const EMOJI = ['😀', '👩🏽‍💼', '👨‍👩‍👧‍👦', '🇺🇸', '❤️', '1️⃣', '🏳️‍🌈', '🤝🏿']
const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  '</textarea><script>',
  '<b>bold</b>',
  '&lt;i&gt;',
  '&amp;',
  'javascript:alert(1)',
  "'; DROP TABLE leads;--",
  '{{constructor.constructor("alert(1)")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, as a visitor would type it
  '${process.exit(1)}',
  '<!--',
  ']]>',
  '\u0000',
  '\\"\\',
]

/** A string built from `maxFragments` pieces of right-to-left text, emoji, markup, blanks and plain text. */
export const hostileText = (maxFragments: number) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...RIGHT_TO_LEFT, ...EMOJI, ...MARKUP),
        fc.constantFrom(...WHITESPACE),
        fc.string({ maxLength: 4 }),
      ),
      { maxLength: maxFragments },
    )
    .map((fragments) => fragments.join(''))

/** Far past any limit: a few thousand characters, astral ones and markup among them. */
export const veryLongText = fc
  .tuple(fc.integer({ min: 1_500, max: 6_000 }), fc.constantFrom('a', 'é', '😀', '<b>', 'ש', ' '))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)))

/** Text of the kind a person types in a field: any text, near the limit, padded, hostile, blank or very long. */
export const fieldText = (limit: number) =>
  fc.oneof(
    anyText(limit + 20),
    nearLimit(limit),
    padded(nearLimit(limit)),
    padded(anyText(12)),
    padded(hostileText(8)),
    fc.constant(''),
    whitespaceOnly(),
    veryLongText,
  )

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

/** Addresses every rule accepts, sometimes with blanks around them. */
export const validEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9]+(\.[a-z0-9_'+-]+)*$/), fc.stringMatching(/^([a-z0-9][a-z0-9-]*\.)+[a-z]{2,6}$/))
  .filter(([local]) => !local.endsWith("'"))
  .map(([local, domain]) => `${local}@${domain}`)
  .filter((address) => address.length <= 255)

export const emailText = fc.oneof(
  emailLike,
  padded(emailLike),
  anyText(40),
  hostileText(4),
  fc.tuple(hostileText(2), validEmail).map(([before, address]) => before + address),
)
