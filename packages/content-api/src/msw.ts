import { http } from 'msw'
import { EMBEDDED_DATASET } from './config'
import { createFileDataset, type SanityDocument, seedFilePath } from './dataset'
import { handleQueryApiRequest } from './handler'

/** The origin unit tests give `@sanity/client` as apiHost; msw answers for it. */
export const MSW_CONTENT_API_ORIGIN = 'http://content-api.test'

/** msw handlers serving Sanity's query API over the seed file, or over documents given directly. */
export function contentApiHandlers(source: { seedFile?: string; documents?: SanityDocument[] } = {}) {
  const documents = source.documents ? () => source.documents! : createFileDataset(source.seedFile ?? seedFilePath())
  return [
    http.all(`${MSW_CONTENT_API_ORIGIN}/*`, ({ request }) =>
      handleQueryApiRequest(request, { documents, datasets: [EMBEDDED_DATASET] }),
    ),
  ]
}
