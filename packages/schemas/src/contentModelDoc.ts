import { ConcreteRuleClass } from 'sanity'
import { documentTypes, objectTypes } from './index'
import { SECTION_INSERT_GROUPS } from './sections'

/**
 * docs/content-model.md, written from the schema itself: every type, field, rule, option list and initial
 * value as the Studio enforces them. `pnpm typegen` rewrites the file; a unit test fails when it is stale.
 */
export function renderContentModelDoc(): string {
  return [
    PREAMBLE,
    '## Documents\n',
    ...documentTypes.map((type) => renderType(type)),
    '## Sections (the blocks of `page.sections`)\n',
    ...SECTION_INSERT_GROUPS.flatMap((group) => [
      `### ${group.title}\n`,
      ...group.of.map((type) => renderType(type, '####')),
    ]),
    '## Objects (used inside documents and sections)\n',
    ...objectTypes.map((type) => renderType(type)),
  ].join('\n')
}

const PREAMBLE = `# Content model

<!-- Generated from packages/schemas by \`pnpm typegen\` (packages/schemas/src/contentModelDoc.ts). Do not edit. -->

The content types marketing staff edit in the Studio, as \`packages/schemas\` defines them. Field names are the
names in the dataset (\`content/seed.ndjson\`), the queries and the components. "Required" and the other rules
are the Studio's validation: a document that breaks one cannot be published, and the site's build reports it by
document and field.

Conventions: every object inside an array carries a \`_key\` and a \`_type\`; a reference is
\`{ "_type": "reference", "_ref": "<document id>" }\`; a page is reached at its \`path\`, a resource at
\`/resources/<slug>\`.
`

interface FieldLike {
  name: string
  title?: string
  type: string
  description?: unknown
  options?: unknown
  initialValue?: unknown
  validation?: unknown
  of?: readonly MemberLike[]
  to?: MemberLike | readonly MemberLike[]
  fields?: readonly FieldLike[]
}

interface MemberLike {
  type: string
  name?: string
  to?: MemberLike | readonly MemberLike[]
}

interface TypeLike {
  name: string
  title?: string
  type: string
  description?: unknown
  fields?: readonly FieldLike[]
}

function renderType(type: TypeLike, level = '###'): string {
  const lines = [`${level} \`${type.name}\`: ${type.title ?? type.name}\n`]
  if (typeof type.description === 'string') lines.push(`${type.description}\n`)
  const fields = type.fields ?? []
  if (fields.length === 0) return `${lines.join('\n')}\nA ${type.type}.\n`
  lines.push('| field | title | type | rules | description |', '|---|---|---|---|---|')
  for (const field of fields) {
    lines.push(
      `| \`${field.name}\` | ${cell(field.title ?? '')} | ${cell(describeType(field))} | ${cell(describeRules(field))} | ${cell(typeof field.description === 'string' ? field.description : '')} |`,
    )
  }
  return `${lines.join('\n')}\n`
}

function describeType(field: FieldLike): string {
  const list = optionList(field.options)
  if (list.length > 0) {
    const values = list.map((option) => (isRecord(option) ? option.value : option))
    return `${field.type}, one of ${values.map((value) => `\`${String(value)}\``).join(', ')}`
  }
  if (field.type === 'array') return `array of ${(field.of ?? []).map(describeMember).join(' or ')}`
  if (field.type === 'reference') return describeMember(field)
  if (field.type === 'object' && field.fields) return `object { ${field.fields.map((f) => f.name).join(', ')} }`
  return field.type
}

function describeMember(member: MemberLike): string {
  if (member.type !== 'reference') return member.name && member.name !== member.type ? member.name : member.type
  const targets = Array.isArray(member.to) ? member.to : member.to ? [member.to] : []
  return `reference to ${targets.map((target: MemberLike) => target.type).join(' or ')}`
}

/** The field's rules, read by running its validation on Sanity's own Rule class. */
function describeRules(field: FieldLike): string {
  const rules = evaluateRules(field.validation)
  const parts: string[] = []
  if (rules.some((rule) => rule.isRequired())) parts.push('required')
  for (const rule of rules) {
    for (const spec of rule._rules) {
      const constraint = 'constraint' in spec ? spec.constraint : undefined
      switch (spec.flag) {
        case 'min':
        case 'max':
        case 'length':
          if (typeof constraint === 'number') parts.push(`${spec.flag} ${constraint}`)
          break
        case 'integer':
          parts.push('whole number')
          break
        case 'uri':
          parts.push('URL')
          break
        case 'regex':
          parts.push('pattern')
          break
        case 'custom':
          parts.push('checked by a custom rule')
          break
      }
    }
  }
  if (field.initialValue !== undefined && typeof field.initialValue !== 'function') {
    parts.push(`initially \`${JSON.stringify(field.initialValue)}\``)
  }
  return [...new Set(parts)].join('; ')
}

type SanityRule = InstanceType<typeof ConcreteRuleClass>

function evaluateRules(validation: unknown): SanityRule[] {
  if (!validation) return []
  if (Array.isArray(validation)) return validation.flatMap(evaluateRules)
  if (typeof validation === 'function') return evaluateRules(validation(new ConcreteRuleClass()))
  return validation instanceof ConcreteRuleClass ? [validation] : []
}

function optionList(options: unknown): unknown[] {
  return isRecord(options) && Array.isArray(options.list) ? options.list : []
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')
