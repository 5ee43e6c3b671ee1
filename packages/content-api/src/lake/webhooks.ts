import { createHmac, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { evaluate, parse } from 'groq-js'
import type { SanityDocument } from '../dataset'
import type { ContentLake, DocumentChange } from './contentLake'

export type WebhookOperation = 'create' | 'update' | 'delete'

/**
 * A GROQ-powered webhook as sanity.io/manage and the Webhooks API configure one
 * (https://www.sanity.io/docs/content-lake/webhooks): on each matching create, update or delete the lake
 * sends the projection of the document to `url`, signed with `secret`.
 */
export interface LakeWebhook {
  url: string
  /** Names the webhook in the `sanity-webhook-id` header; generated when missing. */
  id?: string
  name?: string
  /** A (delta-)GROQ filter on the document: `_type == "page"`, `delta::changedAny(title)`. None: every document. */
  filter?: string
  /** A GROQ projection, `{_id}`; none: the whole document (the one before a delete). */
  projection?: string
  /** Which operations trigger it; all three by default. */
  on?: WebhookOperation[]
  /** Off by default, as on Sanity: drafts (`drafts.*`) and release versions (`versions.*`) trigger nothing. */
  includeDrafts?: boolean
  includeAllVersions?: boolean
  secret?: string
  httpMethod?: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET'
  /** Static headers sent with every delivery. */
  headers?: Record<string, string>
}

export interface WebhookAttempt {
  webhookId: string
  documentId: string
  operation: WebhookOperation
  attempt: number
  /** The answer's status; 0 when the request failed (network, timeout). */
  status: number
  /** Whether another attempt follows. */
  willRetry: boolean
}

export interface WebhookDeliveryOptions {
  projectId: string
  dataset: string
  /** Retries after the first attempt for a retryable failure (429, 5xx, no answer): 2 on Sanity since April 2026. */
  retries?: number
  /** Wait between attempts: 30 s on Sanity. */
  retryDelayMs?: number
  /** How long an attempt may take before it counts as failed. */
  timeoutMs?: number
  onAttempt?: (attempt: WebhookAttempt) => void
}

/** Sanity retries a delivery that answered 429 or 5xx, or did not answer; any other status is final. */
const isRetryable = (status: number) => status === 0 || status === 429 || status >= 500

/**
 * The `sanity-webhook-signature` header as Sanity writes it and `@sanity/webhook` checks it:
 * `t=<unix ms>,v1=<base64url HMAC-SHA256 of "<t>.<body>" with the secret>`.
 */
export function signatureHeader(body: string, timestamp: number, secret: string): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('base64url')
  return `t=${timestamp},v1=${signature}`
}

/**
 * Delivers the lake's webhooks: every committed transaction is matched against each webhook, document by
 * document, and each match is sent on its own (in no guaranteed order, as on Sanity), retried after a
 * retryable failure. `close` cancels waiting retries; `whenIdle` resolves once nothing is in flight.
 */
export function deliverWebhooks(lake: ContentLake, webhooks: LakeWebhook[], options: WebhookDeliveryOptions) {
  const configured = webhooks.map((webhook) => ({ ...webhook, id: webhook.id ?? randomUUID() }))
  const inFlight = new Set<Promise<void>>()
  const timers = new Set<{ timer: ReturnType<typeof setTimeout>; resolve: () => void }>()
  let closed = false

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => done(), ms), resolve: () => done() }
      const done = () => {
        clearTimeout(entry.timer)
        timers.delete(entry)
        resolve()
      }
      timers.add(entry)
    })

  const deliver = async (
    webhook: LakeWebhook & { id: string },
    change: DocumentChange,
    documents: SanityDocument[],
  ) => {
    const operation = operationOf(change)
    if (!triggers(webhook, change, operation)) return
    const body = await payloadOf(webhook, change, documents, options)
    if (body === undefined) return
    const retries = options.retries ?? 2
    for (let attempt = 1; attempt <= retries + 1 && !closed; attempt++) {
      const status = await send(webhook, change, operation, body, options)
      const willRetry = isRetryable(status) && attempt <= retries && !closed
      options.onAttempt?.({
        webhookId: webhook.id,
        documentId: change.documentId,
        operation,
        attempt,
        status,
        willRetry,
      })
      if (!willRetry) return
      await wait(options.retryDelayMs ?? 30_000)
    }
  }

  const unsubscribe = lake.subscribeToTransactions((changes) => {
    const documents = lake.documents()
    for (const change of changes) {
      for (const webhook of configured) {
        const delivery = deliver(webhook, change, documents).catch((error: unknown) =>
          console.error(`[webhook ${webhook.name ?? webhook.id}] ${change.documentId}: ${String(error)}`),
        )
        inFlight.add(delivery)
        void delivery.finally(() => inFlight.delete(delivery))
      }
    }
  })

  return {
    webhooks: configured,
    async whenIdle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight)
    },
    close(): void {
      closed = true
      unsubscribe()
      for (const entry of [...timers]) entry.resolve()
    },
  }
}

function operationOf(change: DocumentChange): WebhookOperation {
  return change.transition === 'appear' ? 'create' : change.transition === 'disappear' ? 'delete' : 'update'
}

function triggers(webhook: LakeWebhook, change: DocumentChange, operation: WebhookOperation): boolean {
  if (!(webhook.on ?? ['create', 'update', 'delete']).includes(operation)) return false
  if (change.documentId.startsWith('drafts.')) return webhook.includeDrafts === true
  if (change.documentId.startsWith('versions.')) return webhook.includeAllVersions === true
  // Release documents (`_.releases.*`) are system documents: publishing a release triggers its documents' hooks.
  return !change.documentId.startsWith('_.')
}

/**
 * The request body: the projection of the document (the one after the change; before it for a delete),
 * or nothing when the filter does not match. Both run as delta-GROQ, with `before()`, `after()` and
 * `sanity::projectId()` / `sanity::dataset()`, over the dataset after the transaction.
 */
async function payloadOf(
  webhook: LakeWebhook,
  change: DocumentChange,
  documents: SanityDocument[],
  { projectId, dataset }: WebhookDeliveryOptions,
): Promise<string | undefined> {
  const document = change.after ?? change.before
  const scope = { before: change.before, after: change.after, sanity: { projectId, dataset }, dataset: documents }
  const run = async (query: string) =>
    (await evaluate(parse(query, { mode: 'delta' }), { ...scope, params: { __document: document } })).get()
  if (webhook.filter?.trim()) {
    const matched = await run(`[$__document][${webhook.filter}]`)
    if (!Array.isArray(matched) || matched.length === 0) return undefined
  }
  const projection = webhook.projection?.trim()
  return JSON.stringify(projection ? await run(`$__document${projection}`) : document)
}

async function send(
  webhook: LakeWebhook & { id: string },
  change: DocumentChange,
  operation: WebhookOperation,
  body: string,
  options: WebhookDeliveryOptions,
): Promise<number> {
  const method = webhook.httpMethod ?? 'POST'
  const headers: Record<string, string> = {
    ...webhook.headers,
    'content-type': 'application/json',
    'user-agent': 'Sanity.io webhooks delivery (local Content Lake)',
    'sanity-project-id': options.projectId,
    'sanity-dataset': options.dataset,
    'sanity-document-id': change.documentId,
    'sanity-transaction-id': change.transactionId,
    'sanity-transaction-time': change.timestamp,
    'sanity-operation': operation,
    'sanity-webhook-id': webhook.id,
    // The same key on every attempt of one delivery, so a receiver can drop a repeat.
    'idempotency-key': `${webhook.id}-${change.transactionId}-${change.documentId}`,
  }
  if (webhook.secret) headers['sanity-webhook-signature'] = signatureHeader(body, Date.now(), webhook.secret)
  try {
    const response = await fetch(webhook.url, {
      method,
      headers,
      body: method === 'GET' ? undefined : body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    })
    // Read to the end (a receiver's answer is small): the connection is then free for the next delivery.
    await response.arrayBuffer()
    return response.status
  } catch {
    return 0
  }
}

/**
 * The webhooks `pnpm studio` gives its lake: `CONTENT_LAKE_WEBHOOKS` (a JSON array of {@link LakeWebhook}),
 * or else `<stateDirectory>/webhooks.json` when it exists.
 */
export function webhooksFromEnv(stateDirectory: string, env: NodeJS.ProcessEnv = process.env): LakeWebhook[] {
  const file = `${stateDirectory}/webhooks.json`
  const text = env.CONTENT_LAKE_WEBHOOKS || (existsSync(file) ? readFileSync(file, 'utf8') : '[]')
  const parsed: unknown = JSON.parse(text)
  if (!Array.isArray(parsed) || parsed.some((hook) => typeof hook?.url !== 'string')) {
    throw new Error('CONTENT_LAKE_WEBHOOKS / .lake/webhooks.json must be a JSON array of webhooks, each with a url')
  }
  // The Webhooks API's shape (`POST /hooks/projects/<id>`) nests these in `rule`: a hook copied from there works.
  return (parsed as (LakeWebhook & { rule?: Pick<LakeWebhook, 'on' | 'filter' | 'projection'> })[]).map(
    ({ rule, ...webhook }) => ({ ...rule, ...webhook }),
  )
}
