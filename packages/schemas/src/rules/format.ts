// The shape of the content rules generated from the schema (generated.ts): what the site needs to check
// content as the Studio does, as plain data. No `sanity` import: the site's build, dev server and preview
// read it without loading the Studio.
import type { ContentCheckName } from '../lib/contentChecks'

export type RuleValue = string | number | boolean | null | readonly RuleValue[] | { readonly [key: string]: RuleValue }

/** One value of the schema: a field, an array member, a named type. */
export interface ValueRule {
  /** A Sanity type (string, text, number, boolean, date, datetime, url, slug, array, object, reference, block) or a named type. */
  readonly type: string
  /** A field's name, or an array member's when it differs from its type (e.g. the `link` annotation). */
  readonly name?: string
  /** `rule.required()`: a missing value, an empty string or (for an array) no value fails. */
  readonly required?: boolean
  /** `rule.min(n)`: a string's length, a number's value or an array's length. */
  readonly min?: number
  readonly max?: number
  readonly integer?: boolean
  /** `rule.regex(pattern, name?, { invert? })`. */
  readonly regex?: {
    readonly source: string
    readonly flags: string
    readonly name?: string
    readonly invert?: boolean
  }
  /** `rule.email()`. */
  readonly email?: boolean
  /** `rule.uri({ scheme: ['https'] })`. */
  readonly httpsOnly?: boolean
  /** `options.list`: the only values allowed. */
  readonly options?: readonly (string | number)[]
  /** `rule.custom(CONTENT_CHECKS.<name>)`, by name (src/lib/contentChecks.ts). */
  readonly checks?: readonly ContentCheckName[]
  readonly initialValue?: RuleValue
  /** An array's member types. */
  readonly of?: readonly ValueRule[]
  /** A reference's target document types. */
  readonly to?: readonly string[]
  /** An object's or document's fields. */
  readonly fields?: readonly ValueRule[]
  /** A Portable Text block's styles, list kinds, decorators and annotations. */
  readonly styles?: readonly string[]
  readonly lists?: readonly string[]
  readonly decorators?: readonly string[]
  readonly annotations?: readonly ValueRule[]
}

export interface ContentRules {
  /** Every named type of the schema (documents, objects, sections), by name. */
  readonly types: { readonly [name: string]: ValueRule }
}
