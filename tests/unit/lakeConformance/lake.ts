import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ClientConfig, createClient, type SanityClient } from '@sanity/client'
import { type ContentLakeServer, startContentLake } from '@site/content-api/lake'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { server as msw } from '../support/mswServer'

/**
 * The conformance suite's only use of the lake's code: starting a server on a temporary dataset. Everything
 * else goes through @sanity/client, as a script or the hosted API's own users would.
 */
export const TOKEN = 'conformance-local-editor-token-0123456789'
export const STUDIO_ORIGIN = 'http://localhost:3333'
export const DATASET = 'production'

/** A small dataset: a public document, one with a path id (private on Sanity), and a draft. */
export const SEED = {
  published: [
    { _id: 'settings', _type: 'siteSettings', _createdAt: '2026-01-01T00:00:00Z', companyName: 'Acme' },
    { _id: 'faq-1', _type: 'faq', question: 'Is it local?', featured: false, views: 1 },
    { _id: 'team.secret', _type: 'faq', question: 'In a path: private' },
  ],
  drafts: [{ _id: 'drafts.faq-1', _type: 'faq', question: 'Is it local? (draft)', featured: false, views: 1 }],
}

export interface TestLake {
  server: ContentLakeServer
  /** A client with the local editor's token. */
  editor: SanityClient
  /** A client without a token. */
  anonymous: SanityClient
  client: (config?: Partial<ClientConfig>) => SanityClient
}

/**
 * A fresh lake for every test of the file that calls this. Requests go to the real server: msw, which the unit
 * tests' setup starts for the site's content API, is stopped for these files.
 */
export function lakePerTest(): TestLake {
  const lake = {} as TestLake
  let directory: string
  beforeAll(() => msw.close())
  afterAll(() => msw.listen({ onUnhandledRequest: 'error' }))
  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'lake-conformance-'))
    const seedFile = join(directory, 'seed.ndjson')
    const ndjson = (documents: object[]) => `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`
    writeFileSync(seedFile, ndjson(SEED.published))
    writeFileSync(join(directory, 'seed.drafts.ndjson'), ndjson(SEED.drafts))
    lake.server = await startContentLake({
      seedFile,
      projectId: 'conformance',
      dataset: DATASET,
      token: TOKEN,
      allowedOrigins: [STUDIO_ORIGIN],
    })
    lake.client = (config = {}) =>
      createClient({
        projectId: 'conformance',
        dataset: DATASET,
        apiVersion: '2025-02-19',
        apiHost: `http://127.0.0.1:${lake.server.port}`,
        useProjectHostname: false,
        useCdn: false,
        ...config,
      })
    lake.editor = lake.client({ token: TOKEN })
    lake.anonymous = lake.client()
  })
  afterEach(async () => {
    await lake.server.close()
    rmSync(directory, { recursive: true, force: true })
  })
  return lake
}

/** The rejection of a promise that must fail, for assertions on Sanity's error shape. */
export async function rejectionOf(promise: Promise<unknown>): Promise<ClientFailure> {
  try {
    await promise
  } catch (error) {
    return error as ClientFailure
  }
  throw new Error('Expected the request to fail')
}

export interface ClientFailure extends Error {
  statusCode: number
  details?: Record<string, unknown>
  response: { body: Record<string, unknown>; headers: Record<string, string> }
}

interface Subscribable<T> {
  subscribe(observer: { next: (value: T) => void; error: (error: unknown) => void }): { unsubscribe(): void }
}

/** Collects a stream's events; `next(n)` waits until n more have arrived (or fails after a timeout). */
export function collect<T>(observable: Subscribable<T>) {
  const events: T[] = []
  let failure: unknown
  let wake = () => {}
  const subscription = observable.subscribe({
    next: (event) => {
      events.push(event)
      wake()
    },
    error: (error) => {
      failure = error
      wake()
    },
  })
  let read = 0
  const next = async (count = 1, timeoutMs = 3_000): Promise<T[]> => {
    const deadline = Date.now() + timeoutMs
    while (events.length < read + count) {
      if (failure) throw failure
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${count} event(s); got ${events.length - read}`)
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, 50)
      })
    }
    const batch = events.slice(read, read + count)
    read += count
    return batch
  }
  const failed = async (timeoutMs = 3_000): Promise<unknown> => {
    const deadline = Date.now() + timeoutMs
    while (!failure) {
      if (Date.now() > deadline) throw new Error('Timed out waiting for the stream to fail')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return failure
  }
  return { events, next, failed, close: () => subscription.unsubscribe() }
}
