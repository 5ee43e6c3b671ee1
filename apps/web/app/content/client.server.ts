import { createClient, type SanityClient } from '@sanity/client'
import { EMBEDDED_DATASET, EMBEDDED_PROJECT_ID } from '@site/content-api'
import { startContentApiServer } from '@site/content-api/server'
import { previewClientOptions } from '../preview/previewConfig.server'
import { readContentSourceConfig, SANITY_API_VERSION } from './config.server'

let client: Promise<SanityClient> | undefined

/**
 * The one `@sanity/client` the site reads content with: a real project when configured, otherwise the
 * embedded query API over the seed dataset — the same queries and client either way.
 */
export function getContentClient(): Promise<SanityClient> {
  client ??= createContentClient()
  return client
}

async function createContentClient(): Promise<SanityClient> {
  const config = readContentSourceConfig()
  const common = {
    apiVersion: SANITY_API_VERSION,
    useCdn: false,
    // A release stack reads each release's versions over the published documents (Sanity's perspectives).
    perspective: config.releases ?? ('published' as const),
    ...previewClientOptions(),
  }
  if (config.project) return createClient({ ...common, ...config.project })
  // Offline, release versions live in the local Content Lake's drafts file, beside the seed.
  const origin =
    config.embeddedOrigin ?? (await startContentApiServer({ withLakeDrafts: config.releases !== undefined })).origin
  return createClient({
    ...common,
    projectId: EMBEDDED_PROJECT_ID,
    dataset: EMBEDDED_DATASET,
    apiHost: origin,
    useProjectHostname: false,
  })
}
