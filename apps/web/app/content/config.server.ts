/** Build-time content configuration, from the environment (see .env.example). Never bundled for the browser. */
export const SANITY_API_VERSION = '2025-02-19'

export interface ContentSourceConfig {
  /** A real Sanity project, when SANITY_PROJECT_ID is set. */
  project?: { projectId: string; dataset: string; token?: string }
  /** Otherwise the embedded query API: a running one at this origin, or one started on demand. */
  embeddedOrigin?: string
  /**
   * The content releases to read through (CONTENT_RELEASE, set by `pnpm publish:changed --release`): the site as
   * it will be once they are published. None: the published content, as the live site shows it.
   */
  releases?: string[]
}

export function readContentSourceConfig(env: Record<string, string | undefined> = process.env): ContentSourceConfig {
  const releases = env.CONTENT_RELEASE ? { releases: [releaseToStage(env.CONTENT_RELEASE, env)] } : {}
  if (env.SANITY_PROJECT_ID) {
    return {
      project: {
        projectId: env.SANITY_PROJECT_ID,
        dataset: env.SANITY_DATASET || 'production',
        token: env.SANITY_READ_TOKEN || undefined,
      },
      ...releases,
    }
  }
  return { embeddedOrigin: env.CONTENT_API_ORIGIN || undefined, ...releases }
}

/** A release is read only into its own staging copy of the site: a stray CONTENT_RELEASE never reaches the live one. */
function releaseToStage(release: string, env: Record<string, string | undefined>): string {
  if (!(env.SITE_OUT_DIR ?? '').endsWith(`-release-${release}`))
    throw new Error(
      `CONTENT_RELEASE is set (${release}): it is for \`pnpm publish:changed --release ${release}\`, which builds into a staging copy of the site; remove it from the environment`,
    )
  return release
}
