import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { ContentQuery } from '../contentQuery.ts'
import type { LeadLog } from '../leads/leadLog.ts'

/** What the figures count a path or a campaign value under when it is not the site's own (docs/insights.md). */
export const OTHER = '(other)'

/** Whether a path (as `pagePath` gives it: lower case, no trailing slash) is a page of the site. */
export type SitePages = (path: string) => Promise<boolean>

// A route's own spelling (packages/schemas addressRules.ts: lower-case words and single hyphens), which no
// file-system trick and no variant page (`/__experiments/…`) has.
const ROUTE_SHAPE = /^(\/[a-z0-9]+(-[a-z0-9]+)*)+$|^\/$/

const isRouteShaped = (path: string) => path.length <= 300 && ROUTE_SHAPE.test(path)

/**
 * The pages of the built site `pnpm serve` answers: by the hosting contract a page `/x/y` is the file
 * `x/y/index.html` (docs/hosting.md), so what is on disk now is the route list, `pnpm publish:changed`
 * included. The not-found page and an experiment's variant pages (`/__experiments/…`, served at their
 * page's own address) are not pages.
 */
export function builtSitePages(dir: string): SitePages {
  return async (path) =>
    isRouteShaped(path) && Boolean(statSync(join(dir, path, 'index.html'), { throwIfNoEntry: false })?.isFile())
}

const ROUTES_QUERY = `{
  "pages": *[_type == "page" && defined(path.current) && !(_id in path("drafts.**"))].path.current,
  "resources": *[_type == "resource" && defined(slug.current) && !(_id in path("drafts.**"))].slug.current
}`

/**
 * The content's route list, for a process without a built site (`npm start`'s dev server renders every
 * route of the content; the Studio's lead server): each page document's path and `/resources/<slug>` for
 * each resource, as the build lists them (apps/web/app/content/paths.server.ts), read again after
 * `cacheMs`. Until the content has answered once, no path is a page.
 */
export function contentSitePages(
  query: ContentQuery,
  cacheMs: number,
  log: LeadLog,
  now: () => number = Date.now,
): SitePages {
  let routes: { paths: Set<string>; readAt: number } | undefined
  let reading: Promise<void> | undefined
  const read = async () => {
    try {
      const { pages, resources } = await query<{ pages: string[]; resources: string[] }>(ROUTES_QUERY, {})
      const paths = [...pages, ...resources.map((slug) => `/resources/${slug}`)]
      routes = { paths: new Set(paths.map((path) => path.toLowerCase())), readAt: now() }
    } catch (error) {
      log.warn('insights-routes-unread', { error: String(error) })
    } finally {
      reading = undefined
    }
  }
  return async (path) => {
    if (!routes || now() - routes.readAt > cacheMs) {
      reading ??= read()
      if (!routes) await reading
    }
    return isRouteShaped(path) && Boolean(routes?.paths.has(path))
  }
}
