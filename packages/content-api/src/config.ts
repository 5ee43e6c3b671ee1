/** Identifiers the embedded API answers to; `@sanity/client` needs a project id and dataset either way. */
export const EMBEDDED_PROJECT_ID = 'embedded'
export const EMBEDDED_DATASET = 'production'
