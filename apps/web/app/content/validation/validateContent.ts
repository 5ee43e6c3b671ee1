import { redirectProblems } from '@site/schemas/redirectRules'
import type { z } from 'zod'
import type { ROUTE_PATHS_QUERY_RESULT, ROUTE_QUERY_RESULT } from '../sanity.types'
import { routeContent, routePaths } from './documents'
import type { MalformedContentPolicy } from './policy'
import {
  type ContentProblem,
  describeProblem,
  formatPath,
  isRecord,
  MalformedContentError,
  PARSE_OPTIONS,
} from './problems'

/** A problem of the route query result; `sectionIndex` when it lies inside one of the page's sections. */
interface RouteProblem extends ContentProblem {
  sectionIndex?: number
}

/**
 * Checks what ROUTE_QUERY returned against the schemas. Valid content costs one parse. Otherwise, with
 * the `fail` policy (the build) every problem is thrown; with `skip-section` (the dev server) a section
 * that is malformed is logged and left out of the page, and only problems outside sections are thrown.
 */
export function validateRouteContent(raw: unknown, policy: MalformedContentPolicy): ROUTE_QUERY_RESULT {
  const result = routeContent.safeParse(raw, PARSE_OPTIONS)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => locateRouteIssue(issue, raw))
  const brokenSections = new Set(problems.flatMap((problem) => problem.sectionIndex ?? []))
  const onlySections = problems.every((problem) => problem.sectionIndex !== undefined)
  if (policy === 'fail' || !onlySections) throw new MalformedContentError(problems)

  for (const problem of problems) console.error(`${describeProblem(problem)} (the section is left out of the page)`)
  const remaining = routeContent.safeParse(withoutSections(raw, brokenSections), PARSE_OPTIONS)
  if (!remaining.success)
    throw new MalformedContentError(remaining.error.issues.map((issue) => locateRouteIssue(issue, raw)))
  return remaining.data
}

/**
 * Checks what ROUTE_PATHS_QUERY returned: any problem fails, since there is no part to leave out. A page or
 * resource without a valid address, or with one another document already has, is named with its field.
 */
export function validateRoutePaths(raw: unknown): ROUTE_PATHS_QUERY_RESULT {
  const result = routePaths.safeParse(raw, PARSE_OPTIONS)
  if (!result.success)
    throw new MalformedContentError(result.error.issues.map((issue) => locateAddressIssue(issue, raw)))
  const problems = [...duplicateAddresses(result.data), ...redirectsThatBreak(result.data)]
  if (problems.length > 0) throw new MalformedContentError(problems)
  return result.data
}

const ADDRESS_LISTS: Record<string, string> = { pages: 'page', resources: 'resource', redirects: 'redirect' }

function locateAddressIssue(issue: z.core.$ZodIssue, raw: unknown): ContentProblem {
  const [list, index, ...inDocument] = issue.path
  const kind = ADDRESS_LISTS[String(list)]
  const items = isRecord(raw) ? raw[String(list)] : undefined
  const item: unknown = Array.isArray(items) ? items[Number(index)] : undefined
  if (kind && isRecord(item) && typeof item._id === 'string') {
    const field = kind === 'page' ? 'path' : kind === 'resource' ? 'slug' : String(inDocument[0] ?? '')
    return { document: `${kind} "${item._id}"`, path: inDocument.length > 0 ? field : '', message: issue.message }
  }
  return {
    document: 'the list of routes (pages, resources and embedded documents)',
    path: formatPath(issue.path, raw),
    message: issue.message,
  }
}

/** Redirects from a live address, to a missing one, in a chain or a loop (@site/schemas/redirectRules). */
function redirectsThatBreak({ pages, resources, redirects }: ROUTE_PATHS_QUERY_RESULT): ContentProblem[] {
  const routes = [...pages.map(({ path }) => path ?? ''), ...resources.map(({ slug }) => `/resources/${slug}`)]
  return redirectProblems(redirects, routes).map(({ id, field, message }) => ({
    document: `redirect "${id}"`,
    path: field,
    message,
  }))
}

function duplicateAddresses({ pages, resources }: ROUTE_PATHS_QUERY_RESULT): ContentProblem[] {
  const owners = new Map<string, string>()
  const addresses = [
    ...pages.map(({ _id, path }) => ({ document: `page "${_id}"`, path: 'path', address: path ?? '' })),
    ...resources.map(({ _id, slug }) => ({
      document: `resource "${_id}"`,
      path: 'slug',
      address: `/resources/${slug}`,
    })),
  ]
  return addresses.flatMap(({ document, path, address }) => {
    const owner = owners.get(address)
    owners.set(address, owner ?? document)
    return owner ? [{ document, path, message: `${address} is already the address of ${owner}` }] : []
  })
}

const DOCUMENT_KINDS: Record<string, string> = { settings: 'site settings', page: 'page', resource: 'resource' }

function locateRouteIssue(issue: z.core.$ZodIssue, raw: unknown): RouteProblem {
  const [key, ...inDocument] = issue.path
  if (key === undefined) return { document: 'the route query result', path: '', message: issue.message }
  const documentKey = String(key)
  const documentValue = isRecord(raw) ? raw[documentKey] : undefined
  const sectionIndex =
    documentKey === 'page' && inDocument[0] === 'sections' && typeof inDocument[1] === 'number'
      ? inDocument[1]
      : undefined
  return {
    document: documentLabel(documentKey, documentValue),
    path: formatPath(inDocument, documentValue),
    message: issue.message,
    ...(sectionIndex === undefined ? {} : { sectionIndex }),
  }
}

function documentLabel(key: string, value: unknown): string {
  const kind = DOCUMENT_KINDS[key] ?? key
  // The route query reads the settings by this id, and does not project it.
  if (key === 'settings') return `${kind} "siteSettings"`
  return isRecord(value) && typeof value._id === 'string' ? `${kind} "${value._id}"` : kind
}

function withoutSections(raw: unknown, indices: ReadonlySet<number>): unknown {
  if (!isRecord(raw) || !isRecord(raw.page) || !Array.isArray(raw.page.sections)) return raw
  const sections: unknown[] = raw.page.sections
  return { ...raw, page: { ...raw.page, sections: sections.filter((_, index) => !indices.has(index)) } }
}
