import type { FilterDefault } from '@sanity/client/stega'

/**
 * Fields whose strings the code reads rather than shows: option values it compares (variants, tones,
 * categories, icon names, question ids), link targets, image addresses, dates, and the contact details
 * it turns into tel:/mailto: links. Invisible stega characters there would break the comparison, the
 * link or the zod guard (app/content/validation), so they are never encoded.
 */
const FIELDS_READ_BY_CODE = new Set([
  // options (oneOf / z.enum in app/content/validation)
  'align',
  'variant',
  'columns',
  'tone',
  'category',
  'footer',
  'status',
  'kind',
  'style',
  'listItem',
  'icon',
  'questionId',
  // addresses
  'href',
  'src',
  'anchor',
  'path',
  'slug',
  'documentUrl',
  'defaultShareImage',
  // dates and contact details turned into links
  'publishedAt',
  'giveawayEndsAt',
  'contactEmail',
  'contactPhone',
  'landingPhone',
])

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
