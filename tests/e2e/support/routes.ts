import { readFileSync } from 'node:fs'
import { parseNdjson, seedFilePath } from '@site/content-api'

/** Every route the seed dataset defines: page paths and /resources/<slug>. */
export function seedRoutes(): string[] {
  const documents = parseNdjson(readFileSync(seedFilePath(), 'utf8'))
  const pages = documents.filter((doc) => doc._type === 'page').map((doc) => (doc.path as { current: string }).current)
  const resources = documents
    .filter((doc) => doc._type === 'resource')
    .map((doc) => `/resources/${(doc.slug as { current: string }).current}`)
  return [...pages, ...resources].sort()
}
