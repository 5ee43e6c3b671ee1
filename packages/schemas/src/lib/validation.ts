import { getPublishedId, type SlugValue, type ValidationContext } from 'sanity'
import type { ContentCheck } from './contentChecks'
import { type RedirectRule, redirectProblems } from './redirectRules'

const API_VERSION = '2025-02-19'

/**
 * Custom rules that need the Studio's client (they read other documents), marked so that the content rules
 * generated for the site (src/rules) know to leave them out: the site checks addresses and redirects across
 * all documents itself (apps/web/app/content/validation/validateContent.ts).
 */
const STUDIO_ONLY_CHECKS = new WeakSet<object>()

export const isStudioOnlyCheck = (check: unknown) => typeof check === 'function' && STUDIO_ONLY_CHECKS.has(check)

export const studioOnly = <T extends object>(check: T): T => {
  STUDIO_ONLY_CHECKS.add(check)
  return check
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

/** A slug that no other published document of `type` has; its format is a content check of its own. */
export const uniqueSlugRule = (type: string, field: string, checkFormat: ContentCheck) =>
  studioOnly(async (value: SlugValue | undefined, context: ValidationContext): Promise<true | string> => {
    const slug = value?.current
    if (!slug || checkFormat(value) !== true) return true
    return (await isSlugTaken(type, field, slug, context))
      ? `"${slug}" is already used by another ${type}; each must be unique`
      : true
  })

const REDIRECT_CONTEXT_QUERY = `{
  "pages": *[_type == "page" && !(_id in path("drafts.**")) && !(_id in path("versions.**"))].path.current,
  "resources": *[_type == "resource" && !(_id in path("drafts.**")) && !(_id in path("versions.**"))].slug.current,
  "redirects": *[_type == "redirect" && !(_id in path("drafts.**")) && !(_id in path("versions.**"))]{ _id, from, to }
}`

/**
 * A redirect field's rules that involve the rest of the site (redirectRules.ts), checked against the
 * published pages, resources and other redirects with this document as edited; its format is a content
 * check of its own.
 */
export const redirectFieldRule = (field: 'from' | 'to', checkFormat: ContentCheck) =>
  studioOnly(async (value: string | undefined, context: ValidationContext): Promise<true | string> => {
    if (!value || checkFormat(value) !== true) return true
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
  })

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null)
