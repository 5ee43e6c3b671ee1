import { getPublishedId, type SlugValue, type ValidationContext } from 'sanity'
import {
  ANCHOR_MESSAGE,
  ANCHOR_PATTERN,
  HREF_MESSAGE,
  HREF_PATTERN,
  URL_PATH_MESSAGE,
  URL_PATH_PATTERN,
} from '../constants'

export { HREF_PATTERN } from '../constants'

const API_VERSION = '2025-02-19'

export function validateHref(value: string | undefined): true | string {
  if (!value) return true
  return HREF_PATTERN.test(value) ? true : HREF_MESSAGE
}

export function validateUrlPath(value: string | undefined): true | string {
  if (!value) return true
  return URL_PATH_PATTERN.test(value) ? true : URL_PATH_MESSAGE
}

const PAGE_PATH_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function validatePagePath(path: string): true | string {
  if (!path.startsWith('/')) return 'The path must start with "/" (use "/" for the home page)'
  if (path === '/') return true
  if (path !== path.toLowerCase()) return 'The path must be lowercase'
  if (path.endsWith('/')) return 'Remove the trailing "/" (only the home page path is "/")'
  if (
    !path
      .slice(1)
      .split('/')
      .every((segment) => PAGE_PATH_SEGMENT.test(segment))
  ) {
    return 'Use only lowercase letters, digits and single hyphens between slashes, e.g. /webinar-strategy'
  }
  if (path.startsWith('/resources/')) return 'Paths under /resources/ belong to resource documents'
  return true
}

export function validateSlugFormat(slug: string): true | string {
  return PAGE_PATH_SEGMENT.test(slug) ? true : 'Use lowercase letters, digits and single hyphens, e.g. scaling-guide'
}

export function validateAnchor(value: string | undefined): true | string {
  if (!value) return true
  return ANCHOR_PATTERN.test(value) ? true : ANCHOR_MESSAGE
}

// Counts published documents of `type` (other than this one) whose slug field already holds `value`.
export async function isSlugTaken(
  type: string,
  field: string,
  value: string,
  context: ValidationContext,
): Promise<boolean> {
  const id = context.document?._id
  if (!id) return false
  const count = await context
    .getClient({ apiVersion: API_VERSION })
    .withConfig({ perspective: 'raw' })
    .fetch<number>(
      `count(*[_type == $type && ${field}.current == $value && _id != $id && !(_id in path("drafts.**")) && !(_id in path("versions.**"))])`,
      { type, value, id: getPublishedId(id) },
      { tag: 'validation.unique-slug' },
    )
  return count > 0
}

export const uniqueSlugRule =
  (type: string, field: string, checkFormat: (slug: string) => true | string) =>
  async (value: SlugValue | undefined, context: ValidationContext): Promise<true | string> => {
    const slug = value?.current
    if (!slug) return true
    const format = checkFormat(slug)
    if (format !== true) return format
    return (await isSlugTaken(type, field, slug, context))
      ? `"${slug}" is already used by another ${type}; each must be unique`
      : true
  }
