import type { ContentLake, DocumentChange } from './contentLake'

/**
 * Sanity's history API for what the lake saw since it started: the transactions that touched a
 * document (NDJSON, with mendoza effects) and a document as of a revision or a time.
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
    const documents = ids.flatMap((id) => {
      const history = lake.historyOf(id)
      const match = revision
        ? history.find((change) => change.resultRev === revision)
        : [...history].reverse().find((change) => !time || change.timestamp <= time)
      const document = match ? match.after : revision ? undefined : lake.get(id)
      return document ? [document] : []
    })
    return Response.json({ documents }, { headers })
  }
  if (kind === 'events') return Response.json({ events: [], nextCursor: '' }, { headers })
  return Response.json(
    { error: { description: `No history route ${rest}`, type: 'httpNotFound' } },
    { status: 404, headers },
  )
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
