/**
 * Content Releases' ids as Sanity's HTTP API writes them
 * (https://www.sanity.io/docs/content-lake/content-release-document-flow): a release is a `system.release`
 * document `_.releases.<releaseId>`, its documents are versions `versions.<releaseId>.<documentId>`.
 */
export const RELEASE_TYPE = 'system.release'
export const RELEASE_PREFIX = '_.releases.'
export const releaseDocumentId = (releaseId: string) => `${RELEASE_PREFIX}${releaseId}`
export const versionPrefix = (releaseId: string) => `versions.${releaseId}.`
/** What Sanity allows in a release id. */
export const RELEASE_ID_PATTERN = /^[a-zA-Z0-9_-]+$/
