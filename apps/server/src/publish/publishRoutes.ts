import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { publisherDir, WEB_APP_DIR } from '@site/web/publish'
import { Hono } from 'hono'
import { relayOutput } from '../closedOutput.ts'
import { type CatchUpResult, type ContentQuery, catchUp, contentQueryFromEnv } from './catchUp.ts'
import { createPublishQueue, logPublishReport, type PublishReport } from './publishQueue.ts'
import { createPublishWorker } from './publishWorker.ts'
import { documentsOfTransaction } from './transactionDocuments.ts'
import { handlePublishWebhook } from './webhookEndpoint.ts'

export interface PublishRoutesOptions {
  secret: string
  deployCommand?: string
  /** How often to catch up with the content (catchUp.ts), besides on start; 0: only on start. Default 5 min. */
  catchUpIntervalMs?: number
  /** The content to catch up with; the build's own (SANITY_PROJECT_ID or the embedded dataset) by default. */
  query?: ContentQuery
  /** The full build's directory (SITE_BUILD_DIR, `apps/web/build`). */
  buildDir?: string
  onReport?: (report: PublishReport) => void
  onCatchUp?: (result: CatchUpResult) => void
}

export interface PublishEndpoint {
  app: Hono
  /** Publishes what changed since the last catch-up; resolves when that is live. */
  catchUp: () => Promise<CatchUpResult | undefined>
  /** Resolves once nothing is queued or publishing. */
  whenIdle: () => Promise<void>
  close: () => void
}

/**
 * `POST /api/publish`: what a Sanity GROQ-powered webhook calls on publish (docs/publishing.md).
 * Bursts of publishes are debounced into one, publishes never overlap, and each renders only the routes
 * the changed documents touch, in a publisher process that stays loaded. `deployCommand` runs after each
 * (on hosts that serve uploaded files: Netlify, Cloudflare Pages). A change whose webhook never arrived
 * (the endpoint was down, the delivery gave up) is published by the catch-up, on start and every few minutes.
 */
export function publishRoutes(options: PublishRoutesOptions): PublishEndpoint {
  const publisher = createPublishWorker()
  /** The revision each webhook announced (its `sanity-transaction-id`), and the ones a publish put live. */
  const announced = new Map<string, string>()
  const publishedRevisions = new Map<string, string>()
  const publish = async (documentIds: string[]) => {
    // The publish reads the content after this: it publishes these revisions or newer ones.
    const revisions = documentIds.flatMap((id) => {
      const revision = announced.get(id)
      return revision ? [[id, revision] as const] : []
    })
    const published = await publisher.publish(documentIds)
    if (options.deployCommand) await deploy(options.deployCommand)
    for (const [id, revision] of revisions) publishedRevisions.set(id, revision)
    return published
  }
  /** Documents whose last publish failed: a catch-up that asked for them has not gone through. */
  const failed = new Set<string>()
  const queue = createPublishQueue({
    rebuild: publish,
    onReport: (report) => {
      for (const id of report.documentIds) report.error ? failed.add(id) : failed.delete(id)
      ;(options.onReport ?? logPublishReport)(report)
    },
  })
  const buildDir = options.buildDir ?? resolve(WEB_APP_DIR, process.env.SITE_BUILD_DIR || 'build')
  const query = options.query ?? contentQueryFromEnv()

  let running: Promise<CatchUpResult | undefined> | undefined
  const runCatchUp = async (): Promise<CatchUpResult | undefined> => {
    if (!existsSync(join(publisherDir(buildDir), 'state.json'))) return undefined
    const result = await catchUp({
      query,
      buildDir,
      publishedRevision: (id) => publishedRevisions.get(id),
      publish: async (documentIds) => {
        queue.add(documentIds)
        await queue.whenIdle()
        const notPublished = documentIds.filter((id) => failed.has(id))
        if (notPublished.length > 0) throw new Error(`the publish of ${notPublished.join(', ')} failed`)
      },
    })
    if (result.documentIds.length > 0) {
      console.log(`[publish] caught up with ${result.documentIds.length} change(s) since ${result.since}`)
    }
    options.onCatchUp?.(result)
    return result
  }
  const catchUpOnce = () => {
    running ??= runCatchUp().finally(() => {
      running = undefined
    })
    return running
  }
  const logFailure = (error: unknown) => console.error(`[publish] the catch-up failed: ${String(error)}`)
  void catchUpOnce().catch(logFailure)
  const interval = options.catchUpIntervalMs ?? 5 * 60_000
  const timer = interval > 0 ? setInterval(() => void catchUpOnce().catch(logFailure), interval) : undefined
  timer?.unref()

  /** The other documents of an announced transaction (a release) join the same publish. */
  const addTransactionDocuments = async (revision: string) => {
    try {
      const ids = await documentsOfTransaction(query, revision)
      for (const id of ids) announced.set(id, revision)
      if (ids.length > 0) queue.add(ids)
    } catch (error) {
      console.error(`[publish] could not read the documents of transaction ${revision}: ${String(error)}`)
    }
  }

  const app = new Hono()
  app.all('/api/publish', (c) => {
    const documentId = c.req.header('sanity-document-id')
    const revision = c.req.header('sanity-transaction-id')
    return handlePublishWebhook(c.req.raw, {
      secret: options.secret,
      enqueue: (ids) => {
        if (documentId && revision && ids.includes(documentId)) announced.set(documentId, revision)
        queue.add(ids)
        if (revision) void addTransactionDocuments(revision)
      },
    })
  })
  return {
    app,
    catchUp: catchUpOnce,
    whenIdle: () => queue.whenIdle(),
    close: () => {
      clearInterval(timer)
      publisher.close()
    },
  }
}

function deploy(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] })
    relayOutput(child)
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the deploy command exited with ${code}`))))
  })
}
