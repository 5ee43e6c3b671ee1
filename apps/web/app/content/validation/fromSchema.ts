import { CONTENT_CHECKS } from '@site/schemas/contentChecks'
import type { ContentRules, ValueRule } from '@site/schemas/contentRules'
import { z } from 'zod'

/**
 * zod schemas compiled from the content rules that `pnpm typegen` generates from the Studio schema
 * (@site/schemas/contentRules): every field, required field, minimum, option list, pattern and initial value
 * comes from there. What this folder adds is only what the queries do to documents (a projection, a
 * dereferenced reference, a slug read as its `current`), written as the queries write it.
 */

export const REQUIRED = 'Required'
export const MISSING_REFERENCE = 'Reference to a missing or unpublished document'

/**
 * How a query returns one field: `true` as stored, `'current'` for a slug read as `slug.current`, or an
 * object for a reference (or array of references) resolved with `->{ ... }` and projected to those fields.
 */
export type FieldProjection = true | 'current' | Projection
export interface Projection {
  readonly [field: string]: FieldProjection
}

/** Sections of `page.sections` whose query projects some fields differently from `...`, by section type. */
export type SectionProjections = Readonly<Record<string, Projection>>

interface Context {
  readonly types: ContentRules['types']
  readonly sections: SectionProjections
}

/** Compiles schemas from these content rules (the generated ones, or in a test those of an edited schema). */
export function contentSchemaCompiler(rules: ContentRules) {
  const context = (sections: SectionProjections = {}): Context => ({ types: rules.types, sections })
  return {
    /**
     * A document as a query projects it: the listed fields (`_id` included when listed), each with the rules
     * of its field in the schema. A projection returns null for a field left empty.
     */
    projectedDocument: (type: string, projection: Projection, sections?: SectionProjections) =>
      projectedObject(namedType(context(), type), projection, context(sections), type),
    /** One field of a type, as stored (e.g. the URLs `*[_type == "legalEmbed"].documentUrl` lists). */
    fieldValue: (type: string, field: string) =>
      valueSchema(fieldRule(namedType(context(), type), field, type), context()),
  }
}

/**
 * The type of what a compiled schema accepts, as Sanity TypeGen generates it from the same schema and query
 * (sanity.types.ts): `pnpm typegen` writes both the content rules and the types, so they cannot drift; the
 * unit tests parse every route of the seed with these schemas.
 */
export const asGenerated = <T>(schema: z.ZodType): z.ZodType<T> => schema as z.ZodType<T>

/** `nullMessage`: what a null in place of the object means (for an item of `field[]->`, a missing document). */
function projectedObject(
  rule: ValueRule,
  projection: Projection,
  context: Context,
  where: string,
  nullMessage?: string,
) {
  const fields = Object.entries(projection).map(([name, fieldProjection]) =>
    // System fields no schema lists: the document's id, and the revision a form's consent record names.
    name === '_id' || name === '_rev'
      ? { rule: { type: 'string', name, required: true }, projection: true as const }
      : {
          rule: fieldRule(rule, name, where),
          projection: fieldProjection,
        },
  )
  const shape = Object.fromEntries(
    fields.map(({ rule: field, projection: fieldProjection }) => [
      field.name,
      present(field, valueSchema(field, context, fieldProjection)),
    ]),
  )
  const error = nullMessage
    ? (issue: { input?: unknown }) => (issue.input === null ? nullMessage : undefined)
    : undefined
  return withChecks(z.object(shape, { error }), fields, rule.type === 'document')
}

/** A value of an object type, as stored or spread with `...`: `_type` names it, and every field is there. */
function objectValue(type: string, context: Context, keyed: boolean) {
  const rule = namedType(context, type)
  const projection = context.sections[type] ?? {}
  const fields = (rule.fields ?? []).map((field) => ({ rule: field, projection: projection[field.name ?? ''] ?? true }))
  const shape = {
    _type: z.literal(type),
    ...(keyed ? { _key: z.string() } : {}),
    ...Object.fromEntries(
      fields.map(({ rule: field, projection: fieldProjection }) => [
        field.name,
        present(field, valueSchema(field, context, fieldProjection)),
      ]),
    ),
  }
  const upload = fields.some(({ rule: field }) => field.type === 'image')
  return withChecks(z.object(upload ? { ...shape, asset: uploadedAsset } : shape), fields, false, rule.checks)
}

/**
 * An object with an upload (`imageAsset`): the route query reads the upload's asset document beside it
 * (`asset`, null without an upload), with the metadata the site sizes and shows the image with.
 */
const uploadedAsset = z
  .looseObject({
    _id: z.string(),
    url: z.string().nullable(),
    metadata: z
      .looseObject({
        dimensions: z.looseObject({ width: z.number(), height: z.number() }).nullable(),
        lqip: z.string().nullable(),
        palette: z
          .looseObject({ dominant: z.looseObject({ background: z.string().nullable() }).nullable() })
          .nullable(),
      })
      .nullable(),
  })
  .nullish()

/** The schema of a value that is there (presence is the field's: see `present`). */
function valueSchema(rule: ValueRule, context: Context, projection: FieldProjection = true): z.ZodType {
  const alias = context.types[rule.type]
  if (alias && alias.type !== 'object' && alias.type !== 'document') {
    // A named type that is a string or an array (icon, richText): its rules, with the field's own on top.
    return valueSchema(
      { ...alias, ...rule, type: alias.type, of: alias.of, options: alias.options },
      context,
      projection,
    )
  }
  if (alias) return objectValue(rule.type, context, false)
  switch (rule.type) {
    case 'string':
    case 'text':
      return stringSchema(rule)
    case 'number':
      return numberSchema(rule)
    case 'boolean':
      return z.boolean()
    case 'date':
      return z.iso.date()
    case 'datetime':
      return z.iso.datetime({ offset: true })
    case 'url':
      return rule.httpsOnly ? z.url({ protocol: /^https$/, error: 'Use an https:// address' }) : z.url()
    case 'slug':
      return projection === 'current'
        ? stringSchema(rule)
        : z.object({ _type: z.literal('slug').optional(), current: stringSchema(rule) })
    case 'reference':
      return typeof projection === 'object'
        ? projectedObject(namedType(context, referenceTarget(rule)), projection, context, referenceTarget(rule))
        : z.object({ _type: z.literal('reference'), _ref: z.string(), _key: z.string().optional() })
    case 'array':
      return arraySchema(rule, context, projection)
    case 'block':
      return blockSchema(rule, context)
    case 'object':
      return inlineObject(rule, context)
    case 'image':
      // An upload as stored: its asset by reference, and the editor's crop and hotspot (fractions of the
      // image, as the Studio's crop tool writes them). The queries read the asset's URL beside it.
      return z.object({
        _type: z.literal('image').optional(),
        asset: z.object({ _type: z.literal('reference'), _ref: z.string() }).optional(),
        crop: z.looseObject({ top: z.number(), bottom: z.number(), left: z.number(), right: z.number() }).nullish(),
        hotspot: z.looseObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullish(),
      })
    default:
      throw new Error(`The content rules name a type the site cannot check: "${rule.type}"`)
  }
}

function stringSchema(rule: ValueRule): z.ZodType {
  if (rule.options) return z.enum(rule.options.map(String))
  let schema = rule.email ? z.email() : z.string()
  if (rule.required) schema = schema.min(1, { error: REQUIRED })
  if (rule.min !== undefined) schema = schema.min(rule.min)
  if (rule.max !== undefined) schema = schema.max(rule.max)
  const { regex } = rule
  if (!regex) return schema
  // As the Studio words it: `Does not match "<name>"-pattern`, or `Should not match` for an inverted one.
  const pattern = new RegExp(regex.source, regex.flags)
  const message = `${regex.invert ? 'Should not' : 'Does not'} match "${regex.name ?? regex.source}"-pattern`
  return schema.refine((value) => value === '' || pattern.test(value) !== Boolean(regex.invert), { error: message })
}

function numberSchema(rule: ValueRule): z.ZodType {
  const numbers = (rule.options ?? []).filter((option) => typeof option === 'number')
  if (numbers.length > 0) return z.literal(numbers)
  let schema = rule.integer ? z.int() : z.number()
  if (rule.min !== undefined) schema = schema.min(rule.min)
  if (rule.max !== undefined) schema = schema.max(rule.max)
  return schema
}

function arraySchema(rule: ValueRule, context: Context, projection: FieldProjection): z.ZodType {
  const members = rule.of ?? []
  let items: z.ZodType
  if (typeof projection === 'object') {
    // `field[]->{ ... }`: an item is null when the document it points to is missing or unpublished.
    const target = referenceTarget(members[0] ?? rule)
    items = projectedObject(namedType(context, target), projection, context, target, MISSING_REFERENCE)
  } else if (members.every((member) => member.type === 'string')) {
    items = z.string()
  } else {
    const memberSchemas = members.map((member) => memberSchema(member, context))
    items = memberSchemas.length === 1 ? (memberSchemas[0] as z.ZodType) : discriminated(memberSchemas)
  }
  const array = z.array(items)
  return rule.min === undefined ? array : array.min(rule.min)
}

function memberSchema(member: ValueRule, context: Context) {
  if (context.types[member.type]) return objectValue(member.type, context, true)
  if (member.type === 'block') return blockSchema(member, context)
  return inlineObject(member, context, true)
}

/** An object written inline in the schema (a Portable Text annotation, for one): its `name` is its `_type`. */
function inlineObject(rule: ValueRule, context: Context, keyed = false) {
  const fields = (rule.fields ?? []).map((field) => ({ rule: field, projection: true as const }))
  const shape = {
    ...(rule.name ? { _type: z.literal(rule.name) } : {}),
    ...(keyed ? { _key: z.string() } : {}),
    ...Object.fromEntries(fields.map(({ rule: field }) => [field.name, present(field, valueSchema(field, context))])),
  }
  return withChecks(z.object(shape), fields, false, rule.checks)
}

/** A Portable Text block: its styles, lists and annotations as the schema lists them, and marks that exist. */
function blockSchema(rule: ValueRule, context: Context) {
  const decorators = rule.decorators ?? []
  const annotations = (rule.annotations ?? []).map((annotation) => inlineObject(annotation, context, true))
  const annotationNames = (rule.annotations ?? []).map((annotation) => annotation.name ?? annotation.type)
  const span = z.object({
    _type: z.literal('span'),
    _key: z.string(),
    text: z.string().optional(),
    marks: z.array(z.string()).optional(),
  })
  const optionalEnum = (values: readonly string[] | undefined) => z.enum((values ?? []).map(String)).optional()
  return z
    .object({
      _type: z.literal('block'),
      _key: z.string(),
      children: z.array(span).optional(),
      style: optionalEnum(rule.styles),
      listItem: optionalEnum(rule.lists),
      markDefs: z
        .array(annotations.length === 1 ? (annotations[0] as z.ZodType) : discriminated(annotations))
        .optional(),
      level: z.int().positive().optional(),
    })
    .superRefine((block, check) => {
      // A mark is a decorator or the _key of an annotation; any other one would be dropped silently.
      const keys = new Set((block.markDefs ?? []).map((definition) => keyOf(definition)))
      block.children?.forEach((child, childIndex) => {
        child.marks?.forEach((mark, markIndex) => {
          if (decorators.includes(mark) || keys.has(mark)) return
          check.addIssue({
            code: 'custom',
            path: ['children', childIndex, 'marks', markIndex],
            message: `Unknown mark "${mark}": use ${decorators.join(', ')}, or the _key of a ${annotationNames.join(' or ')} in markDefs`,
          })
        })
      })
    })
}

/**
 * A field's presence: `rule.required()` rejects a missing value (absent, or GROQ's null), and the schema's
 * initial value stands in for a missing optional one, so components receive content with its defaults.
 */
function present(rule: ValueRule, schema: z.ZodType): z.ZodType {
  if (rule.required) return schema
  const { initialValue } = rule
  return initialValue === undefined
    ? schema.nullish()
    : schema.nullish().transform((value) => (value === null || value === undefined ? initialValue : value))
}

interface CompiledField {
  rule: ValueRule
  projection: FieldProjection
}

/** The schema's custom rules of these fields (and of the type itself), run as the Studio runs them. */
function withChecks<T extends z.ZodObject>(
  object: T,
  fields: readonly CompiledField[],
  isDocument: boolean,
  typeChecks: ValueRule['checks'] = [],
) {
  const checked = fields.filter(({ rule }) => rule.checks?.length)
  if (checked.length === 0 && typeChecks.length === 0) return object
  return object.superRefine((value, check) => {
    const context = isDocument ? { document: value } : {}
    const report = (verdict: true | string, path: PropertyKey[]) => {
      if (verdict !== true) check.addIssue({ code: 'custom', path, message: verdict })
    }
    for (const name of typeChecks) report(CONTENT_CHECKS[name](value, context), [])
    for (const { rule, projection } of checked) {
      const field = rule.name ?? ''
      const fieldValue = value[field]
      // A slug read as `slug.current` is checked as the slug the Studio checks.
      const stored = projection === 'current' ? { current: fieldValue } : fieldValue
      for (const name of rule.checks ?? []) report(CONTENT_CHECKS[name](stored, context), [field])
    }
  })
}

function discriminated(schemas: readonly z.ZodType[]) {
  return z.discriminatedUnion('_type', schemas as [z.ZodObject, ...z.ZodObject[]])
}

function namedType(context: Context, type: string): ValueRule {
  const rule = context.types[type]
  if (!rule) throw new Error(`The content rules have no type "${type}" (run pnpm typegen)`)
  return rule
}

function fieldRule(type: ValueRule, field: string, where: string): ValueRule {
  const rule = type.fields?.find(({ name }) => name === field)
  if (!rule) throw new Error(`The query projects "${where}.${field}", which the schema does not define`)
  return rule
}

function referenceTarget(rule: ValueRule): string {
  const [target] = rule.to ?? []
  if (!target) throw new Error(`The reference field "${rule.name ?? rule.type}" names no target type`)
  return target
}

const keyOf = (value: unknown) =>
  typeof value === 'object' && value !== null && '_key' in value ? String(value._key) : undefined
