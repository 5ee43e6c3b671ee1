/**
 * Writes the seed unchanged, and beside it the local Content Lake's drafts file holding one active content
 * release whose versions make every change between the seed and a changed copy of it (tests/tools/changedSeed.ts):
 * changed and new documents as versions, removed ones as versions marked to unpublish, as the lake stores them
 * (packages/content-api/src/lake/releases.ts). For the `npm test` step that compares
 * `publish:changed --release` with a full build of the changed content.
 * Usage: tsx tests/tools/releaseSeed.ts <changed.ndjson> <release.ndjson> <releaseId>
 */
import { readFileSync, writeFileSync } from 'node:fs'
import {
  parseNdjson,
  RELEASE_TYPE,
  releaseDocumentId,
  type SanityDocument,
  seedFilePath,
  versionPrefix,
} from '@site/content-api'
import { lakeFilesFor } from '@site/content-api/lake'

const [changedFile, output, releaseId] = process.argv.slice(2)
if (!changedFile || !output || !releaseId)
  throw new Error('Usage: tsx tests/tools/releaseSeed.ts <changed.ndjson> <release.ndjson> <releaseId>')
const seed = parseNdjson(readFileSync(seedFilePath(), 'utf8'))
const changed = parseNdjson(readFileSync(changedFile, 'utf8'))
const before = new Map(seed.map((document) => [document._id, JSON.stringify(document)]))
const after = new Set(changed.map(({ _id }) => _id))
const version = (document: SanityDocument) => ({ ...document, _id: `${versionPrefix(releaseId)}${document._id}` })
const versions = [
  ...changed.filter((document) => before.get(document._id) !== JSON.stringify(document)).map(version),
  ...seed.filter(({ _id }) => !after.has(_id)).map((document) => ({ ...version(document), _system: { delete: true } })),
]
const release = {
  _id: releaseDocumentId(releaseId),
  _type: RELEASE_TYPE,
  name: releaseId,
  state: 'active',
  metadata: { title: 'Staging check', releaseType: 'undecided' },
}
const ndjson = (documents: object[]) => `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`
writeFileSync(output, ndjson(seed))
writeFileSync(lakeFilesFor(output).drafts, ndjson([release, ...versions]))
console.log(versions.map(({ _id }) => _id).join(' '))
