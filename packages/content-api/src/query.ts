import { evaluate, parse } from 'groq-js'
import type { SanityDocument } from './dataset'
import { datasetIndex, narrowFilters } from './queryIndex'

export type Perspective = 'published' | 'drafts' | 'previewDrafts' | 'raw'

const isDraftId = (id: string) => id.startsWith('drafts.')
const isVersionId = (id: string) => id.startsWith('versions.')

const perspectives = new WeakMap<SanityDocument[], Map<Perspective, SanityDocument[]>>()

/**
 * Applies a Sanity perspective to the documents, the way the hosted API does before a query runs.
 * The result is remembered per documents array, so every query of one dataset version shares its indexes.
 */
export function applyPerspective(documents: SanityDocument[], perspective: Perspective): SanityDocument[] {
  if (perspective === 'raw') return documents
  let applied = perspectives.get(documents)
  if (!applied) {
    applied = new Map()
    perspectives.set(documents, applied)
  }
  let result = applied.get(perspective)
  if (!result) {
    result = perspectiveOf(documents, perspective)
    applied.set(perspective, result)
  }
  return result
}

function perspectiveOf(documents: SanityDocument[], perspective: Exclude<Perspective, 'raw'>): SanityDocument[] {
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
  const index = datasetIndex(documents)
  narrowFilters(tree, index)
  const value = await evaluate(tree, {
    dataset: documents,
    params,
    dereference: ({ _ref }) => index.byId(_ref) ?? null,
  })
  return value.get()
}
