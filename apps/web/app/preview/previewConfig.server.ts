import type { ClientPerspective, StegaConfig } from '@sanity/client'
import { EMBEDDED_DATASET, EMBEDDED_PROJECT_ID } from '@site/content-api'
import { readContentSourceConfig, SANITY_API_VERSION } from '../content/config.server'
import type { PreviewContext } from './previewContext'
import { stegaFilter } from './stegaFilter'

type Env = Record<string, string | undefined>

/** A preview build (VITE_SANITY_PREVIEW=true): drafts, stega and the visual-editing code. */
export function isPreviewBuild(env: Env = process.env): boolean {
  return env.VITE_SANITY_PREVIEW === 'true'
}

export function studioUrl(env: Env = process.env): string {
  return (env.SANITY_STUDIO_URL || 'http://localhost:3333').replace(/\/+$/, '')
}

/** Reads drafts and hides edit links in copy (stega) in a preview build; nothing in a production build. */
export function previewClientOptions(env: Env = process.env): { perspective?: ClientPerspective; stega?: StegaConfig } {
  if (!isPreviewBuild(env)) return {}
  return { perspective: 'drafts', stega: { enabled: true, studioUrl: studioUrl(env), filter: stegaFilter } }
}

/** Added to the route's loader data in a preview build only, so a production page's data is unchanged. */
export function previewRouteContext(env: Env = process.env): { preview?: PreviewContext } {
  if (!isPreviewBuild(env)) return {}
  const { project } = readContentSourceConfig(env)
  return {
    preview: {
      projectId: project?.projectId ?? EMBEDDED_PROJECT_ID,
      dataset: project?.dataset ?? EMBEDDED_DATASET,
      apiVersion: SANITY_API_VERSION,
      studioUrl: studioUrl(env),
    },
  }
}
