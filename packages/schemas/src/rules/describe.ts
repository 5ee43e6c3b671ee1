import { ConcreteRuleClass } from 'sanity'
import { CONTENT_CHECKS, type ContentCheckName } from '../lib/contentChecks'
import { isStudioOnlyCheck } from '../lib/validation'
import type { ContentRules, RuleValue, ValueRule } from './format'

/**
 * The content rules of the schema as data (generated.ts, written by `pnpm typegen`): each type's fields, and
 * each field's rules as Sanity's own Rule class records them when the field's `validation` runs. The site
 * checks content with these (apps/web/app/content/validation), so a rule is written once, in the schema.
 */
export function describeContentRules(types: readonly Definition[]): ContentRules {
  return { types: Object.fromEntries(types.map((type) => [type.name, describeValue(type, `${type.name}`)])) }
}

/** A schema definition as `defineType`, `defineField` and `defineArrayMember` leave it. */
interface Definition {
  type: string
  name?: string
  options?: unknown
  initialValue?: unknown
  validation?: unknown
  of?: readonly Definition[]
  to?: Definition | readonly Definition[]
  fields?: readonly Definition[]
  styles?: readonly { value: string }[]
  lists?: readonly { value: string }[]
  marks?: { decorators?: readonly { value: string }[]; annotations?: readonly Definition[] }
}

function describeValue(definition: Definition, where: string): ValueRule {
  const rule: Mutable<ValueRule> = { type: definition.type }
  if (definition.name && definition.name !== definition.type) rule.name = definition.name
  Object.assign(rule, describeValidation(definition.validation, where))
  const options = optionValues(definition.options)
  if (options) rule.options = options
  if (isRuleValue(definition.initialValue)) rule.initialValue = definition.initialValue
  if (definition.of) rule.of = definition.of.map((member) => describeValue(member, `${where}[]`))
  if (definition.to) rule.to = (Array.isArray(definition.to) ? definition.to : [definition.to]).map(({ type }) => type)
  if (definition.fields) {
    rule.fields = definition.fields.map((field) => ({
      ...describeValue(field, `${where}.${field.name}`),
      name: field.name ?? '',
    }))
  }
  if (definition.type === 'block') {
    rule.styles = (definition.styles ?? []).map(({ value }) => value)
    rule.lists = (definition.lists ?? []).map(({ value }) => value)
    rule.decorators = (definition.marks?.decorators ?? []).map(({ value }) => value)
    rule.annotations = (definition.marks?.annotations ?? []).map((annotation) =>
      describeValue(annotation, `${where}.markDefs[]`),
    )
  }
  return rule
}

type SanityRule = InstanceType<typeof ConcreteRuleClass>

/** Runs a `validation` on Sanity's Rule class and reads back what it recorded; warnings do not block content. */
function describeValidation(validation: unknown, where: string): Partial<ValueRule> {
  const rules = evaluateRules(validation).filter((rule) => (rule._level ?? 'error') === 'error')
  const described: Mutable<Partial<ValueRule>> = {}
  const checks: ContentCheckName[] = []
  if (rules.some((rule) => rule.isRequired())) described.required = true
  for (const spec of rules.flatMap((rule) => rule._rules)) {
    const constraint: unknown = 'constraint' in spec ? spec.constraint : undefined
    switch (spec.flag) {
      case 'min':
      case 'max':
        if (typeof constraint === 'number') described[spec.flag] = constraint
        break
      case 'integer':
        described.integer = true
        break
      case 'regex': {
        const { pattern, name, invert } = isRecord(constraint) ? constraint : {}
        if (!(pattern instanceof RegExp)) break
        described.regex = {
          source: pattern.source,
          flags: pattern.flags,
          ...(typeof name === 'string' ? { name } : {}),
          ...(invert === true ? { invert } : {}),
        }
        break
      }
      case 'email':
        described.email = true
        break
      case 'uri':
        described.httpsOnly = schemes(constraint).join() === 'https'
        break
      case 'custom': {
        if (isStudioOnlyCheck(constraint)) break
        const name = checkName(constraint)
        if (!name) {
          throw new Error(
            `${where}: a custom rule that is neither one of CONTENT_CHECKS (packages/schemas/src/lib/contentChecks.ts) nor marked Studio-only; the site could not apply it`,
          )
        }
        checks.push(name)
        break
      }
      case 'presence':
      case 'type':
      case 'unique':
        break
      default:
        throw new Error(`${where}: the site does not apply the rule "${spec.flag}" yet (packages/schemas/src/rules)`)
    }
  }
  if (checks.length > 0) described.checks = checks
  return described
}

function evaluateRules(validation: unknown): SanityRule[] {
  if (!validation) return []
  if (Array.isArray(validation)) return validation.flatMap(evaluateRules)
  if (typeof validation === 'function') return evaluateRules(validation(new ConcreteRuleClass()))
  return validation instanceof ConcreteRuleClass ? [validation] : []
}

const CHECK_NAMES = new Map<unknown, ContentCheckName>(
  Object.entries(CONTENT_CHECKS).map(([name, check]) => [check, name as ContentCheckName]),
)

const checkName = (check: unknown) => CHECK_NAMES.get(check)

function schemes(constraint: unknown): string[] {
  const options = isRecord(constraint) && isRecord(constraint.options) ? constraint.options : {}
  return Array.isArray(options.scheme)
    ? options.scheme.map((scheme) =>
        scheme instanceof RegExp ? scheme.source.replace(/^\^|\$$/g, '') : String(scheme),
      )
    : []
}

function optionValues(options: unknown): (string | number)[] | undefined {
  if (!isRecord(options) || !Array.isArray(options.list)) return undefined
  return options.list.map((option) => (isRecord(option) ? option.value : option)).filter(isOptionValue)
}

const isOptionValue = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number'

function isRuleValue(value: unknown): value is RuleValue {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true
  if (Array.isArray(value)) return value.every(isRuleValue)
  return isRecord(value) && Object.values(value).every(isRuleValue)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** The text of src/rules/generated.ts for these rules. */
export const renderContentRulesModule = (
  rules: ContentRules,
) => `// Generated from packages/schemas by \`pnpm typegen\` (src/rules/describe.ts). Do not edit.
import type { ContentRules } from './format'

export const CONTENT_RULES = ${JSON.stringify(rules, null, 2)} as const satisfies ContentRules
`
