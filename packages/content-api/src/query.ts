import { evaluate, parse } from 'groq-js'
import type { SanityDocument } from './dataset'

export type Perspective = 'published' | 'drafts' | 'previewDrafts' | 'raw'

const isDraftId = (id: string) => id.startsWith('drafts.')
const isVersionId = (id: string) => id.startsWith('versions.')

/** Applies a Sanity perspective to the documents, the way the hosted API does before a query runs. */
export function applyPerspective(documents: SanityDocument[], perspective: Perspective): SanityDocument[] {
  if (perspective === 'raw') return documents
  const published = documents.filter((doc) => !isDraftId(doc._id) && !isVersionId(doc._id))
  if (perspective === 'published') return published
  const drafts = new Map(
    documents.filter((doc) => isDraftId(doc._id)).map((doc) => [doc._id.slice('drafts.'.length), doc]),
  )
  const overlaid = published.map((doc) => {
    const draft = drafts.get(doc._id)
    drafts.delete(doc._id)
    return draft ? { ...draft, _id: doc._id, _originalId: draft._id } : doc
  })
  const draftOnly = [...drafts].map(([id, draft]) => ({ ...draft, _id: id, _originalId: draft._id }))
  return [...overlaid, ...draftOnly]
}

export async function runQuery(
  documents: SanityDocument[],
  query: string,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  const tree = parse(query, { params })
  const value = await evaluate(tree, { dataset: documents, params })
  return value.get()
}
