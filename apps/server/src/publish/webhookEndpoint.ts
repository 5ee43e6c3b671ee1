import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'

/**
 * The endpoint a Sanity GROQ-powered webhook calls on publish. Requests without a valid signature (the
 * `sanity-webhook-signature` header, an HMAC of the body with the shared secret) are refused. The body is
 * the webhook's projection: the document itself (`{_id}`) by default, or `{ids: [...]}`.
 */
export async function handlePublishWebhook(
  request: Request,
  { secret, enqueue }: { secret: string; enqueue: (documentIds: string[]) => void },
): Promise<Response> {
  if (request.method !== 'POST') return Response.json({ error: 'Use POST' }, { status: 405 })
  const body = await request.text()
  const signature = request.headers.get(SIGNATURE_HEADER_NAME)
  if (!signature || !(await isValidSignature(body, signature, secret))) {
    return Response.json({ error: 'Invalid or missing webhook signature' }, { status: 401 })
  }
  let documentIds: string[]
  try {
    documentIds = idsOf(JSON.parse(body))
  } catch {
    return Response.json({ error: 'The body must be JSON with an _id or an ids array' }, { status: 400 })
  }
  if (documentIds.length === 0) {
    return Response.json({ error: 'The body must be JSON with an _id or an ids array' }, { status: 400 })
  }
  enqueue(documentIds)
  return Response.json({ queued: documentIds }, { status: 202 })
}

function idsOf(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return []
  const { _id, ids } = payload as { _id?: unknown; ids?: unknown }
  const candidates = Array.isArray(ids) ? ids : [_id]
  // Drafts never reach the published site: `drafts.x` rebuilds what shows `x`.
  const valid = candidates.filter((id): id is string => typeof id === 'string' && id.length > 0)
  return [...new Set(valid.map((id) => id.replace(/^drafts\./, '')))]
}
