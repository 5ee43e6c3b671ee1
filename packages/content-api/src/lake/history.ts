import type { ContentLake, DocumentChange } from './contentLake'

/**
 * Sanity's history API for what the lake saw since it started: the transactions that touched a
 * document (NDJSON, with mendoza effects) and a document as of a revision, a time or its last revision.
 */
export function historyResponse(lake: ContentLake, rest: string, url: URL, headers: Record<string, string>): Response {
  const [kind = '', ...idParts] = rest.split('/')
  const ids = idParts.join('/').split(',').filter(Boolean)
  if (kind === 'transactions') {
    const changes = ids.flatMap((id) => lake.historyOf(id))
    const lines = transactionsOf(changes).map((transaction) => JSON.stringify(transaction))
    return new Response(lines.length ? `${lines.join('\n')}\n` : '', {
      headers: { ...headers, 'content-type': 'application/x-ndjson' },
    })
  }
  if (kind === 'documents') {
    const revision = url.searchParams.get('revision')
    const time = url.searchParams.get('time')
    const lastRevision = url.searchParams.get('lastRevision') === 'true'
    // "Only one of them can be specified at a time" (https://www.sanity.io/docs/http-reference/history).
    if ([revision !== null, time !== null, lastRevision].filter(Boolean).length > 1) {
      return Response.json(
        { error: { description: 'Only one of revision, time and lastRevision may be given', type: 'httpBadRequest' } },
        { status: 400, headers },
      )
    }
    const documents = ids.flatMap((id) => {
      const document = revisionOf(lake, id, { revision, time, lastRevision })
      return document ? [document] : []
    })
    return Response.json({ documents }, { headers })
  }
  if (kind === 'events' && idParts[0] === 'documents') {
    const id = idParts.slice(1).join('/')
    return Response.json({ events: { [id]: documentEvents(lake, id) }, nextCursor: '' }, { headers })
  }
  if (kind === 'events') return Response.json({ events: [], nextCursor: '' }, { headers })
  return Response.json(
    { error: { description: `No history route ${rest}`, type: 'httpNotFound' } },
    { status: 404, headers },
  )
}

/**
 * A document at a revision, at a time, or its last state (the current one, or the one before it was deleted);
 * the current document when nothing is asked.
 */
function revisionOf(
  lake: ContentLake,
  id: string,
  { revision, time, lastRevision }: { revision: string | null; time: string | null; lastRevision: boolean },
) {
  const history = lake.historyOf(id)
  if (revision !== null) return history.find((change) => change.resultRev === revision)?.after ?? undefined
  if (lastRevision) {
    return lake.get(id) ?? [...history].reverse().find((change) => change.before)?.before ?? undefined
  }
  if (time === null) return lake.get(id)
  const change = [...history].reverse().find((candidate) => candidate.timestamp <= time)
  if (change) return change.after ?? undefined
  // Before the first change the lake saw: the document as it was then (missing if that change created it).
  const [first] = history
  return first ? (first.before ?? undefined) : lake.get(id)
}

/**
 * Sanity's document events API, which the Studio's History panel reads: what happened to a document's
 * group (its published version and its draft) transaction by transaction, newest first. Edits are not
 * events; the Studio reads them from the transactions.
 */
export function documentEvents(lake: ContentLake, id: string): Record<string, unknown>[] {
  const publishedId = id.replace(/^drafts\./, '')
  const draftId = `drafts.${publishedId}`
  const byTransaction = new Map<string, { published?: DocumentChange; draft?: DocumentChange }>()
  for (const change of lake.historyOf(publishedId)) byTransaction.set(change.transactionId, { published: change })
  for (const change of lake.historyOf(draftId)) {
    byTransaction.set(change.transactionId, { ...byTransaction.get(change.transactionId), draft: change })
  }
  const events = [...byTransaction.values()].flatMap(({ published, draft }) => {
    const first = published ?? draft
    if (!first) return []
    const base = { documentId: publishedId, versionId: draftId, timestamp: first.timestamp, author: first.identity }
    if (published?.after && !draft?.after) {
      const versionRevisionId = draft?.previousRev
      return [
        {
          ...base,
          type: 'publishDocumentVersion',
          revisionId: published.resultRev,
          versionRevisionId,
          publishCause: 'document.publish',
        },
      ]
    }
    if (published && !published.after) {
      return draft?.after
        ? [{ ...base, type: 'unpublishDocument', versionRevisionId: draft.resultRev }]
        : [{ ...base, type: 'deleteDocumentGroup' }]
    }
    if (draft?.after && !draft.before)
      return [{ ...base, type: 'createDocumentVersion', versionRevisionId: draft.resultRev }]
    if (draft && !draft.after) return [{ ...base, type: 'deleteDocumentVersion', versionRevisionId: draft.previousRev }]
    return []
  })
  return events.sort((a, b) => b.timestamp.localeCompare(a.timestamp))
}

function transactionsOf(changes: DocumentChange[]) {
  const byTransaction = new Map<string, DocumentChange[]>()
  for (const change of changes) {
    byTransaction.set(change.transactionId, [...(byTransaction.get(change.transactionId) ?? []), change])
  }
  return [...byTransaction.values()]
    .map((group) => {
      const [first] = group as [DocumentChange]
      return {
        id: first.transactionId,
        timestamp: first.timestamp,
        author: first.identity,
        documentIDs: group.map((change) => change.documentId),
        // The Studio reads each document's effects even when it asks to exclude content: they are always sent.
        effects: Object.fromEntries(
          group.map((change) => [change.documentId, { apply: [0, change.after], revert: [0, change.before] }]),
        ),
      }
    })
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
}
