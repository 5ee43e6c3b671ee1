import { z } from 'zod'
import { href, keyed, keyedArray, oneOf, optionalString, requiredString, stringList, typed } from './builders'

/** The Portable Text of packages/schemas/src/objects/richText.ts: blocks, callouts and tables. */

const DECORATORS = ['strong', 'em']

const span = z.object({
  _type: z.literal('span'),
  _key: z.string(),
  text: z.string().optional(),
  marks: z.array(z.string()).optional(),
})

const linkAnnotation = z.object({ _type: z.literal('link'), _key: z.string(), href: href() })

const block = z
  .object({
    _type: z.literal('block'),
    _key: z.string(),
    children: z.array(span).optional(),
    style: oneOf(['normal', 'h2', 'h3', 'h4', 'blockquote']).optional(),
    listItem: oneOf(['bullet', 'number']).optional(),
    markDefs: z.array(linkAnnotation).optional(),
    level: z.int().positive().optional(),
  })
  .superRefine((value, context) => {
    // A mark is a decorator or the _key of an annotation; any other one would be dropped silently.
    const annotations = new Set(value.markDefs?.map((definition) => definition._key))
    value.children?.forEach((child, childIndex) => {
      child.marks?.forEach((mark, markIndex) => {
        if (DECORATORS.includes(mark) || annotations.has(mark)) return
        context.addIssue({
          code: 'custom',
          path: ['children', childIndex, 'marks', markIndex],
          message: `Unknown mark "${mark}": use strong, em, or the _key of a link in markDefs`,
        })
      })
    })
  })

const callout = typed('callout', {
  tone: oneOf(['info', 'tip', 'warning']),
  title: optionalString(),
  text: requiredString(),
})

const tableRow = typed('tableRow', { cells: stringList({ min: 1 }) })

const table = typed('table', {
  caption: optionalString(),
  columns: stringList({ min: 1 }),
  rows: keyedArray(tableRow, { min: 1 }),
})

export const richText = z.array(z.discriminatedUnion('_type', [block, keyed(callout), keyed(table)]))
