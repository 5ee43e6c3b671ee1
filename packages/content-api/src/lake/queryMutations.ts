import type { SanityDocument } from '../dataset'
import { runQuery } from '../query'
import { queryError } from '../queryErrors'
import { type LakeMutation, MutationError, type PatchBody } from './mutations'

interface ByQuery {
  query: string
  params?: Record<string, unknown>
}

/**
 * Sanity's delete and patch by query (https://www.sanity.io/docs/http-reference/mutation): each becomes one
 * mutation per document the query returns, run over all documents (drafts too) as the transaction starts.
 */
export async function expandQueryMutations(
  mutations: LakeMutation[],
  documents: SanityDocument[],
): Promise<LakeMutation[]> {
  if (!Array.isArray(mutations)) return mutations
  const expanded: LakeMutation[][] = []
  for (const [index, mutation] of mutations.entries()) {
    if (typeof mutation !== 'object' || mutation === null) {
      expanded.push([mutation])
    } else if (isDeleteByQuery(mutation)) {
      const ids = await matchingIds(mutation.delete, documents, index)
      expanded.push(ids.map((id) => ({ delete: { id } })))
    } else if (isPatchByQuery(mutation)) {
      const { query, params, ...operations } = mutation.patch
      const ids = await matchingIds({ query, params }, documents, index)
      expanded.push(ids.map((id) => ({ patch: { ...operations, id } as PatchBody })))
    } else {
      expanded.push([mutation])
    }
  }
  return expanded.flat()
}

function isDeleteByQuery(mutation: object): mutation is { delete: ByQuery } {
  return 'delete' in mutation && typeof (mutation.delete as Partial<ByQuery> | null)?.query === 'string'
}

function isPatchByQuery(mutation: object): mutation is { patch: ByQuery & Record<string, unknown> } {
  return 'patch' in mutation && typeof (mutation.patch as Partial<ByQuery> | null)?.query === 'string'
}

async function matchingIds({ query, params = {} }: ByQuery, documents: SanityDocument[], index: number) {
  const refused = queryError(query, params)
  if (refused) throw new MutationError(400, { type: 'queryError', description: refused.description }, index)
  const result = await runQuery(documents, query, params)
  const found = Array.isArray(result) ? result : [result]
  return found.flatMap((document) => {
    const id = (document as { _id?: unknown } | null)?._id
    return typeof id === 'string' ? [id] : []
  })
}
