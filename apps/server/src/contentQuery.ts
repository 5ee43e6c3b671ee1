import { existsSync } from 'node:fs'
import { createFileDataset, lakeFilesFor, runQuery, seedFilePath } from '@site/content-api'

/** Runs a GROQ query on the content: Sanity's query API, or the embedded dataset file. */
export type ContentQuery = <T>(query: string, params: Record<string, unknown>) => Promise<T>

/**
 * The content the build reads (apps/web/app/content/config.server.ts): Sanity's query API with
 * SANITY_PROJECT_ID (and SANITY_DATASET, SANITY_READ_TOKEN), otherwise the embedded dataset file
 * (CONTENT_SEED_FILE), which the local Content Lake writes.
 *
 * `raw` sees drafts, release versions and the releases themselves (`system.release`) as well: on Sanity it needs
 * a token that may read them; offline they are in the file the lake keeps beside the seed (`seed.drafts.ndjson`).
 */
export function contentQueryFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  perspective: 'published' | 'raw' = 'published',
): ContentQuery {
  if (env.SANITY_PROJECT_ID) {
    const dataset = env.SANITY_DATASET || 'production'
    const url = `https://${env.SANITY_PROJECT_ID}.api.sanity.io/v2025-02-19/data/query/${dataset}`
    return async <T>(query: string, params: Record<string, unknown>) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(env.SANITY_READ_TOKEN ? { authorization: `Bearer ${env.SANITY_READ_TOKEN}` } : {}),
        },
        body: JSON.stringify({ query, params, perspective }),
      })
      const body = (await response.json()) as { result?: T; error?: { description?: string } }
      if (!response.ok) throw new Error(body.error?.description ?? `the query API answered ${response.status}`)
      return body.result as T
    }
  }
  const seedFile = seedFilePath(env)
  const published = createFileDataset(seedFile)
  const draftsFile = lakeFilesFor(seedFile).drafts
  const drafts = createFileDataset(draftsFile)
  const documents = () =>
    perspective === 'raw' && existsSync(draftsFile) ? [...published(), ...drafts()] : published()
  return async <T>(query: string, params: Record<string, unknown>) => (await runQuery(documents(), query, params)) as T
}
