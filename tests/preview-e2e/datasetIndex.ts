import type { DocumentLookup, SanityDocument } from '@site/content-api'

/** Finds a document by id the way the embedded API's index does (first document with the id). */
export function datasetIndexForTests(documents: SanityDocument[]): DocumentLookup {
  const byId = new Map<string, SanityDocument>()
  for (const doc of documents) if (!byId.has(doc._id)) byId.set(doc._id, doc)
  return (id) => byId.get(id)
}
