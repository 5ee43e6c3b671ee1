export { parseNdjson, createFileDataset, seedFilePath, type SanityDocument } from './dataset'
export { applyPerspective, runQuery, type Perspective } from './query'
export { handleQueryApiRequest, type QueryApiOptions } from './handler'
export { EMBEDDED_PROJECT_ID, EMBEDDED_DATASET } from './config'
