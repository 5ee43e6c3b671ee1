import { getPublishedId, type SlugValue, type ValidationContext } from 'sanity'
import {
  ANCHOR_MESSAGE,
  ANCHOR_PATTERN,
  HREF_MESSAGE,
  HREF_PATTERN,
  URL_PATH_MESSAGE,
  URL_PATH_PATTERN,
} from '../constants'
import { type RedirectRule, redirectProblems } from './redirectRules'

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

const REDIRECT_CONTEXT_QUERY = `{
  "pages": *[_type == "page" && !(_id in path("drafts.**")) && !(_id in path("versions.**"))].path.current,
  "resources": *[_type == "resource" && !(_id in path("drafts.**")) && !(_id in path("versions.**"))].slug.current,
  "redirects": *[_type == "redirect" && !(_id in path("drafts.**")) && !(_id in path("versions.**"))]{ _id, from, to }
}`

/**
 * A redirect field's rule: its format, then the rules that involve the rest of the site (redirectRules.ts),
 * checked against the published pages, resources and other redirects with this document as edited.
 */
export const redirectFieldRule =
  (field: 'from' | 'to', checkFormat: (address: string) => true | string) =>
  async (value: string | undefined, context: ValidationContext): Promise<true | string> => {
    if (!value) return true
    const format = checkFormat(value)
    if (format !== true) return format
    const document = context.document
    if (!document) return true
    const id = getPublishedId(document._id)
    const site = await context
      .getClient({ apiVersion: API_VERSION })
      .withConfig({ perspective: 'raw' })
      .fetch<{ pages: string[]; resources: string[]; redirects: RedirectRule[] }>(
        REDIRECT_CONTEXT_QUERY,
        {},
        { tag: 'validation.redirect' },
      )
    const edited = { _id: id, from: stringOrNull(document.from), to: stringOrNull(document.to) }
    const redirects = [edited, ...site.redirects.filter(({ _id }) => _id !== id)]
    const routes = [...site.pages, ...site.resources.map((slug) => `/resources/${slug}`)]
    const problem = redirectProblems(redirects, routes).find((found) => found.id === id && found.field === field)
    return problem ? problem.message : true
  }

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null)
