import type { FilterDefault } from '@sanity/client/stega'
import { CONTENT_RULES, type ContentRules, type ValueRule } from '@site/schemas/contentRules'

/**
 * Fields whose strings the code reads rather than shows, so invisible stega characters there would break a
 * comparison, a link or the content check: every field the schema constrains (an option list, a format
 * check, a date, an address; read from the generated content rules), the Portable Text block's style and
 * list kind, the phone numbers the code turns into tel: links, the hero's highlighted words, which the
 * code finds inside the heading, and an experiment's section key, which the code finds among the page's
 * sections (encoded, no variant would show in the preview).
 */
const FIELDS_READ_BY_CODE = new Set([
  ...constrainedFields(CONTENT_RULES),
  'contactPhone',
  'landingPhone',
  'highlight',
  'sectionKey',
])

function constrainedFields({ types }: ContentRules): string[] {
  const names: string[] = []
  const visit = (rule: ValueRule) => {
    const alias = types[rule.type]
    const options =
      rule.options ?? (alias?.type === 'object' || alias?.type === 'document' ? undefined : alias?.options)
    const formatChecked = rule.checks && (rule.type === 'string' || rule.type === 'text')
    const constrained =
      options || formatChecked || rule.email || rule.regex || ['date', 'datetime', 'url', 'slug'].includes(rule.type)
    if (constrained && rule.name) names.push(rule.name)
    if (rule.type === 'block') names.push('style', 'listItem')
    for (const inner of [...(rule.fields ?? []), ...(rule.of ?? []), ...(rule.annotations ?? [])]) visit(inner)
  }
  for (const type of Object.values(types)) visit(type)
  return names
}

/** Head tags are built from clean strings anyway; keeping SEO fields unencoded keeps them exact. */
const SECTIONS_READ_BY_CODE = new Set(['seo'])

/** The preview build's stega filter: copy is encoded, everything the code reads is not. */
export const stegaFilter: FilterDefault = (props) => {
  const { sourcePath, resultPath, filterDefault } = props
  const sourceFields = sourcePath.filter((segment): segment is string => typeof segment === 'string')
  const resultField = resultPath.at(-1)
  // Any segment of the source path: `path.current` is a route even though its last segment is "current".
  if (sourceFields.some((field) => FIELDS_READ_BY_CODE.has(field) || SECTIONS_READ_BY_CODE.has(field))) return false
  // The result's own name too: a projection like `"path": path.current` renames the field.
  if (typeof resultField === 'string' && FIELDS_READ_BY_CODE.has(resultField)) return false
  if (resultPath.some((segment) => typeof segment === 'string' && SECTIONS_READ_BY_CODE.has(segment))) return false
  return filterDefault(props)
}
