/**
 * What happens to content that breaks its schema:
 * - `fail`: the loader throws, naming the document and field; during the build this fails the build.
 * - `skip-section`: a malformed section is logged and left out, the rest of the page renders; a malformed
 *   page shell or site settings is still the route's error.
 */
export type MalformedContentPolicy = 'fail' | 'skip-section'

/**
 * `fail` in the production build, `skip-section` in the dev server. CONTENT_VALIDATION overrides it:
 * "strict" (fail) or "lenient" (skip-section), e.g. for a preview server showing draft content.
 */
export function malformedContentPolicy(
  env: Record<string, string | undefined> = process.env,
  isDevServer: boolean = import.meta.env.DEV,
): MalformedContentPolicy {
  const configured = env.CONTENT_VALIDATION
  if (configured === 'strict') return 'fail'
  if (configured === 'lenient') return 'skip-section'
  if (configured) throw new Error(`CONTENT_VALIDATION must be "strict" or "lenient", not "${configured}"`)
  return isDevServer ? 'skip-section' : 'fail'
}
