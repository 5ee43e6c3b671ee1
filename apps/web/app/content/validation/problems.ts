import type { z } from 'zod'
import { REQUIRED } from './fromSchema'

/** One way a document breaks its schema: which document, where in it, and what is wrong. */
export interface ContentProblem {
  /** E.g. `page "page.about"`. */
  document: string
  /** E.g. `sections[2] (featureGridSection, _key "k3").items[0] (featureCard, _key "c1").title`; empty for the document itself. */
  path: string
  message: string
}

export const describeProblem = ({ document, path, message }: ContentProblem) =>
  `Malformed content in ${document}${path ? ` at ${path}` : ''}: ${message}`

export class MalformedContentError extends Error {
  constructor(problems: ContentProblem[]) {
    super(problems.map(describeProblem).join('\n'))
    this.name = 'MalformedContentError'
  }
}

/** Parse options: zod's messages, except a missing value (absent, or GROQ's null) reads as the Studio's "Required". */
export const PARSE_OPTIONS: z.core.ParseContext<z.core.$ZodIssue> = {
  error: (issue) => {
    if (issue.code === 'invalid_type' && issue.input == null) return REQUIRED
    if (issue.code === 'invalid_union' && issue.discriminator) {
      const value = isRecord(issue.input) ? issue.input[issue.discriminator] : undefined
      return `Unknown ${issue.discriminator} ${JSON.stringify(value) ?? 'undefined'}`
    }
    return undefined
  },
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A zod issue path as a reader finds the place in the Studio: array items are named by their `_key`
 * (and `_type`) or, for a resolved reference, by the `_id` of the document it points to.
 */
export function formatPath(path: readonly PropertyKey[], root: unknown): string {
  let text = ''
  let value = root
  for (const segment of path) {
    if (typeof segment === 'number') {
      value = Array.isArray(value) ? value[segment] : undefined
      text += `[${segment}]${describeItem(value)}`
    } else {
      const name = String(segment)
      text += text ? `.${name}` : name
      value = isRecord(value) ? value[name] : undefined
    }
  }
  return text
}

function describeItem(item: unknown): string {
  if (!isRecord(item)) return ''
  if (typeof item._key === 'string') {
    const type = typeof item._type === 'string' ? `${item._type}, ` : ''
    return ` (${type}_key "${item._key}")`
  }
  return typeof item._id === 'string' ? ` (_id "${item._id}")` : ''
}
