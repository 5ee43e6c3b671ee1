/** Build-time content configuration, from the environment (see .env.example). Never bundled for the browser. */
export const SANITY_API_VERSION = '2025-02-19'

export interface ContentSourceConfig {
  /** A real Sanity project, when SANITY_PROJECT_ID is set. */
  project?: { projectId: string; dataset: string; token?: string }
  /** Otherwise the embedded query API: a running one at this origin, or one started on demand. */
  embeddedOrigin?: string
}

export function readContentSourceConfig(env: Record<string, string | undefined> = process.env): ContentSourceConfig {
  if (env.SANITY_PROJECT_ID) {
    return {
      project: {
        projectId: env.SANITY_PROJECT_ID,
        dataset: env.SANITY_DATASET || 'production',
        token: env.SANITY_READ_TOKEN || undefined,
      },
    }
  }
  return { embeddedOrigin: env.CONTENT_API_ORIGIN || undefined }
}
