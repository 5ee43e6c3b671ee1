/**
 * How the JavaScript every page loads first is split into files. Rolldown groups these modules
 * (vite.config.ts); the publish step evaluates the libraries one per task, in this order
 * (loadScriptsAfterFirstPaint.ts). Together they would make one long task that blocks the main thread.
 */
const modulesOf = (packages: string) => new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`)

/** Libraries, in the order they are evaluated: each depends only on those before it. */
export const LIBRARY_CHUNKS = [
  { name: 'lib-react', test: modulesOf('react|react-dom|scheduler') },
  { name: 'lib-router', test: modulesOf('react-router') },
  {
    name: 'lib-styles',
    test: modulesOf('styled-components|stylis|@emotion[\\\\/]is-prop-valid|@emotion[\\\\/]memoize'),
  },
]

/**
 * The site's own code that every page needs: theme, header, footer, section registry, islands, image helpers,
 * and the lead forms' few lines every page runs (the visit's attribution, the consent source, the check for a
 * questionnaire submission to send again) instead of three files of their own.
 */
const SITE_CHUNK = {
  name: 'site',
  test: /apps[\\/]web[\\/]app[\\/](theme|config|islands|layout|images[\\/]resolvedImage|forms[\\/](campaignKeys|shared[\\/](attribution|consentSource|pendingLeadsStorage))|pages[\\/]NotFoundPage|sections[\\/](SectionList|registry)|components[\\/](Container|SmartLink|Button))\b|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|defaultAttributes|context|shared)|vite[\\/]preload-helper/,
}

export const FIRST_LOAD_CHUNKS = [...LIBRARY_CHUNKS, SITE_CHUNK]

/** The built file of a library chunk, e.g. /assets/lib-react-C1x2.js; its name is the group's. */
export const isLibraryChunk = (href: string, name: string) =>
  href.slice(href.lastIndexOf('/') + 1).startsWith(`${name}-`)

/**
 * A lazy chunk's preload list without the files every page has already loaded before any lazy import runs
 * (the first-load groups and the bundler's runtime, all static imports of the root route): listing them again
 * only made each lazy import in the first-load code carry their names.
 */
export function withoutFirstLoadChunks(deps: string[]): string[] {
  const loaded = [...FIRST_LOAD_CHUNKS.map((chunk) => chunk.name), 'rolldown-runtime']
  return deps.filter((dep) => !loaded.some((name) => isLibraryChunk(dep, name)))
}
