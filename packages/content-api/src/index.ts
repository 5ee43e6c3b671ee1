export { EMBEDDED_DATASET, EMBEDDED_PROJECT_ID } from './config'
export {
  assetsDirFor,
  createFileDataset,
  findRepoRoot,
  parseNdjson,
  type SanityDocument,
  seedFilePath,
} from './dataset'
export { handleQueryApiRequest, type QueryApiOptions } from './handler'
export { IMAGE_TYPES } from './imageTypes'
export { lakeFilesFor } from './lake/persistence'
export { applyPerspective, type Perspective, runQuery } from './query'
export { RELEASE_ID_PATTERN, RELEASE_TYPE, releaseDocumentId, versionPrefix } from './releaseIds'
export { type ContentSourceMap, type DocumentLookup, inferContentSourceMap } from './sourceMap'
