import {
  ANCHOR_MESSAGE,
  ANCHOR_PATTERN,
  HREF_MESSAGE,
  HREF_PATTERN,
  ICON_NAMES,
  URL_PATH_MESSAGE,
  URL_PATH_PATTERN,
} from '@site/schemas/constants'
import { z } from 'zod'

/**
 * Small zod builders for the content schemas, one per kind of Studio field. Their strictness follows the
 * Studio's rules: `rule.required()` rejects a missing value and an empty string, an array needs `.min()`
 * to reject an empty list, and a string with a list of options accepts only those options.
 */

export const REQUIRED = 'Required'

/** A string field without `rule.required()`: absent from the document when left empty. */
export const optionalString = () => z.string().optional()

/** A string field with `rule.required()`. */
export const requiredString = () => z.string().min(1, { error: REQUIRED })

/** A field of a projection (`{ title, ... }`): GROQ returns null for a missing one. */
export const projectedString = () => z.string().nullable()

/** A string field with `options.list`: only those values. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values)

/** An object type of the Studio schema: `_type` names it. */
export const typed = <const T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  z.object({ _type: z.literal(type), ...shape })

/** An array member: the Studio gives every object in an array a `_key`. */
export const keyed = <S extends z.core.$ZodLooseShape>(object: z.ZodObject<S>) => object.extend({ _key: z.string() })

/** An array of objects; `min` as the field's `rule.required().min(n)`. */
export const keyedArray = <S extends z.core.$ZodLooseShape>(object: z.ZodObject<S>, { min = 0 } = {}) =>
  z.array(keyed(object)).min(min)

/** A list of strings; `min` as `stringListField(…, { min })`. */
export const stringList = ({ min = 0 } = {}) => z.array(z.string()).min(min)

/** Where a link may point, by the Studio's own rule (packages/schemas/src/constants.ts). */
export const href = () => z.string().min(1, { error: REQUIRED }).regex(HREF_PATTERN, { error: HREF_MESSAGE })

/** An image address: a path on this site or an https:// URL. */
export const urlPath = () => z.string().min(1, { error: REQUIRED }).regex(URL_PATH_PATTERN, { error: URL_PATH_MESSAGE })

export const anchor = () => z.string().regex(ANCHOR_PATTERN, { error: ANCHOR_MESSAGE }).optional()

export const icon = () => z.enum(ICON_NAMES)

export const link = typed('link', {
  label: requiredString(),
  href: href(),
  style: oneOf(['primary', 'secondary', 'ghost']).optional(),
  openInNewTab: z.boolean().optional(),
})

/** `linkListField`: buttons, at least one when the field is required. */
export const linkList = ({ min = 0 } = {}) => keyedArray(link, { min })

/**
 * An array of references resolved with `->` (`referenceListField`: required, at least one); an item is
 * null when the document it points to is missing or unpublished.
 */
export const dereferencedList = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z
    .array(
      z.object(shape, {
        error: (issue) => (issue.input === null ? 'Reference to a missing or unpublished document' : undefined),
      }),
    )
    .min(1)

/** A `date` field: YYYY-MM-DD. */
export const isoDate = () => z.iso.date()

/** A `datetime` field: an ISO 8601 date-time, with Z or an offset. */
export const isoDateTime = () => z.iso.datetime({ offset: true })

/** A `url` field with `uri({ scheme: ['https'] })`. */
export const httpsUrl = () => z.url({ protocol: /^https$/, error: 'Use an https:// address' })
