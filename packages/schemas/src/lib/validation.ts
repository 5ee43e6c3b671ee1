import { getPublishedId, type SlugValue, type ValidationContext } from 'sanity'
import {
  ANCHOR_MESSAGE,
  ANCHOR_PATTERN,
  HREF_MESSAGE,
  HREF_PATTERN,
  URL_PATH_MESSAGE,
  URL_PATH_PATTERN,
} from '../constants'

const API_VERSION = '2025-02-19'

export function validateHref(value: string | undefined): true | string {
  if (!value) return true
  return HREF_PATTERN.test(value) ? true : HREF_MESSAGE
}

export function validateUrlPath(value: string | undefined): true | string {
  if (!value) return true
  return URL_PATH_PATTERN.test(value) ? true : URL_PATH_MESSAGE
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
