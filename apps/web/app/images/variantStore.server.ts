import { join } from 'node:path'
import { findRepoRoot } from '@site/content-api'

/** Where a static build serves its image variants: under `assets/`, so cacheable forever (the hosting contract). */
export const STATIC_IMAGE_PREFIX = '/assets/images/'

/**
 * Where rendered variants are kept between builds (`SITE_IMAGE_CACHE`, or the workspace's
 * `node_modules/.cache/site-images`): a variant is rendered once, and the build and each publish copy the
 * ones their pages name into the site.
 */
export function imageVariantStore(env: Record<string, string | undefined> = process.env): string {
  return env.SITE_IMAGE_CACHE || join(findRepoRoot(), 'node_modules', '.cache', 'site-images')
}
