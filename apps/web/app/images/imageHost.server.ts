import { EMBEDDED_DATASET, EMBEDDED_PROJECT_ID } from '@site/content-api'
import { readContentSourceConfig } from '../content/config.server'
import { type ImageHost, SANITY_CDN } from './imageUrl'

/**
 * The image host for this build: the configured Sanity project on its CDN, otherwise the local Content Lake
 * (`CONTENT_LAKE_ORIGIN`, or localhost on `CONTENT_LAKE_PORT`, 3334 as `pnpm studio` starts it) with the
 * embedded project id and dataset it stores uploads under.
 */
export function imageHostFromEnv(env: Record<string, string | undefined> = process.env): ImageHost {
  const { project } = readContentSourceConfig(env)
  if (project) return { projectId: project.projectId, dataset: project.dataset, baseUrl: SANITY_CDN }
  const lake = env.CONTENT_LAKE_ORIGIN ?? `http://localhost:${env.CONTENT_LAKE_PORT ?? 3334}`
  return { projectId: EMBEDDED_PROJECT_ID, dataset: EMBEDDED_DATASET, baseUrl: lake }
}
