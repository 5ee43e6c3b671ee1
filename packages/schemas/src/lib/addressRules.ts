// The rules for a page's path and a resource's slug: pure functions, which the content checks
// (contentChecks.ts) run in the Studio and on the site alike.

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
