import { evaluate, parse } from 'groq-js'
import type { SanityDocument } from './dataset'
import { datasetIndex, narrowFilters } from './queryIndex'

/**
 * A Sanity perspective (https://www.sanity.io/docs/content-lake/perspectives): `raw`, `published`, `drafts`
 * (`previewDrafts` is its old name), or a stack of release names, `drafts` and `published`, the first the
 * highest priority, with `published` always at the bottom.
 */
export type Perspective = 'published' | 'drafts' | 'previewDrafts' | 'raw' | readonly string[]

const isDraftId = (id: string) => id.startsWith('drafts.')
const isVersionId = (id: string) => id.startsWith('versions.')
/** System documents (`_.releases.*`): seen in the raw perspective only. */
const isSystemId = (id: string) => id.startsWith('_.')

/** The document a version or draft id stands for: `versions.<release>.<id>` and `drafts.<id>` → `<id>`. */
export function publishedIdOf(id: string): string {
  if (isDraftId(id)) return id.slice('drafts.'.length)
  if (isVersionId(id)) return id.split('.').slice(2).join('.')
  return id
}

/** The layer a document id belongs to: a release name, `drafts`, `published`, or `system` (releases). */
export function layerOf(id: string): string {
  if (isDraftId(id)) return 'drafts'
  if (isVersionId(id)) return id.split('.')[1] ?? ''
  return isSystemId(id) ? 'system' : 'published'
}

/** A version marked to unpublish its document when its release is published (the Studio's `isGoingToUnpublish`). */
export const isUnpublishMarker = (document: SanityDocument) =>
  (document._system as { delete?: unknown } | undefined)?.delete === true

/** The perspective as a stack, highest priority first, `published` last; undefined for `raw`. */
export function perspectiveStack(perspective: Perspective): string[] | undefined {
  if (perspective === 'raw') return undefined
  if (perspective === 'published') return ['published']
  if (perspective === 'drafts' || perspective === 'previewDrafts') return ['drafts', 'published']
  const stack = perspective.filter((name) => name !== 'published')
  return [...stack, 'published']
}

const perspectives = new WeakMap<SanityDocument[], Map<string, SanityDocument[]>>()

/**
 * Applies a Sanity perspective to the documents, the way the hosted API does before a query runs.
 * The result is remembered per documents array, so every query of one dataset version shares its indexes.
 */
export function applyPerspective(documents: SanityDocument[], perspective: Perspective): SanityDocument[] {
  const stack = perspectiveStack(perspective)
  if (!stack) return documents
  let applied = perspectives.get(documents)
  if (!applied) {
    applied = new Map()
    perspectives.set(documents, applied)
  }
  const key = stack.join(',')
  let result = applied.get(key)
  if (!result) {
    result = perspectiveOf(documents, stack)
    applied.set(key, result)
  }
  return result
}

/**
 * Each document once, as the highest layer of the stack that has it shows it: with the published `_id` and,
 * where it is a draft or a version, its own id as `_originalId`. A version marked to unpublish hides it.
 */
function perspectiveOf(documents: SanityDocument[], stack: string[]): SanityDocument[] {
  const rank = new Map(stack.map((layer, index) => [layer, index]))
  const chosen = new Map<string, { document: SanityDocument; rank: number }>()
  for (const document of documents) {
    if (isSystemId(document._id)) continue
    const layerRank = rank.get(layerOf(document._id))
    if (layerRank === undefined) continue
    const id = publishedIdOf(document._id)
    const current = chosen.get(id)
    if (!current || layerRank < current.rank) chosen.set(id, { document, rank: layerRank })
  }
  return [...chosen].flatMap(([id, { document }]) => {
    if (document._id === id) return [document]
    if (isUnpublishMarker(document)) return []
    return [{ ...document, _id: id, _originalId: document._id }]
  })
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
