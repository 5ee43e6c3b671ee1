import type { ContentQuery } from '../contentQuery.ts'

/**
 * Every published document one transaction wrote: they all carry its id as their revision (`_rev`). A
 * content release is published as one transaction, and Sanity (as the local lake) sends one webhook per
 * document; the first webhook to arrive brings the whole release into one publish, so the site never shows
 * half of it (docs/releases.md). Documents the transaction deleted have no revision: their own webhooks
 * bring them, within the queue's quiet period.
 */
export async function documentsOfTransaction(query: ContentQuery, transactionId: string): Promise<string[]> {
  return query<string[]>(TRANSACTION_DOCUMENTS_QUERY, { transactionId })
}

const TRANSACTION_DOCUMENTS_QUERY =
  '*[_rev == $transactionId && !(_id in path("drafts.**")) && !(_id in path("versions.**"))]._id'
