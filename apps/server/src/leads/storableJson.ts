/**
 * What a lead store can hold, checked before any query: PostgreSQL refuses U+0000 in `text` and cannot read
 * `\u0000` back out of `json` (`->>` fails for every row of a query), UTF-8 has no unpaired surrogates (the
 * driver would silently store U+FFFD instead), and `JSON.stringify` recurses, so a payload nested thousands
 * of levels deep under the body limit overflows the stack. The lead endpoint quarantines such a body as
 * text this module makes storable, with the reason this module gives.
 */

/** Deeper than any form's payload, attribution or consent (at most 3 levels), far below the stack's limit. */
export const MAX_JSON_DEPTH = 32

/** Why a JSON value cannot be stored as it is (a key path and the problem), or undefined when it can. */
export function unstorableReason(value: unknown, where = '$'): string | undefined {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: where, depth: 0 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path, depth } = next
    if (typeof item === 'string') {
      const problem = textProblem(item)
      if (problem) return `${path} holds ${problem}`
      continue
    }
    if (typeof item !== 'object' || item === null) continue
    if (depth >= MAX_JSON_DEPTH) return `${path} is nested deeper than ${MAX_JSON_DEPTH} levels`
    for (const [key, child] of Object.entries(item)) {
      const problem = textProblem(key)
      const childPath = `${path}${Array.isArray(item) ? `[${key}]` : `.${printableKey(key)}`}`
      if (problem) return `a key of ${path} holds ${problem}`
      pending.push({ value: child, path: childPath, depth: depth + 1 })
    }
  }
  return undefined
}

/** Text as a store can hold it: U+0000 and unpaired surrogates become U+FFFD (for a quarantined raw body). */
export function storableText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\0', '\uFFFD')
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function hasLoneSurrogate(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0
  return LONE_SURROGATE.test(text)
}

function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'U+0000, which a store cannot hold'
  if (hasLoneSurrogate(text)) return 'an unpaired UTF-16 surrogate, which is not Unicode text'
  return undefined
}

/** A key as the reason shows it: plain names as they are, anything else quoted (and kept storable), cut at 40. */
function printableKey(key: string): string {
  if (/^[\w-]{1,40}$/.test(key)) return key
  return JSON.stringify(storableText(key.slice(0, 40)))
}
