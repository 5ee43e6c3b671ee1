import { Hono } from 'hono'
import { afterEach, beforeEach, expect } from 'vitest'
import { leadConfigFromEnv } from '../../../apps/server/src/leads/leadConfig'
import { memoryLog } from '../../../apps/server/src/leads/leadLog'
import { type LeadService, startLeadService } from '../../../apps/server/src/leads/leadService'
import { type ReceivedDelivery, type ReceiverAnswer, startLeadReceiver } from './leadReceiver'
import { newStore, type StoreKind } from './stores'

export const ADMIN_TOKEN = 'admin-token-for-tests'

export interface LeadServerFixture {
  /** The lead server of the running test (after `start`), in this process: `service.app.request(...)`. */
  readonly service: LeadService
  /** The webhook receiver the contact form's leads go to (`/contact`). */
  readonly receiver: Awaited<ReturnType<typeof startLeadReceiver>>
  /** What the server logged in the running test. */
  readonly log: ReturnType<typeof memoryLog>
  /** The test's own empty store: `store.env` points a server at it. */
  readonly store: Awaited<ReturnType<typeof newStore>>
  /** Starts the lead server on the test's store with the fixture's settings, then `env`. */
  start: (env?: Record<string, string>) => Promise<LeadService>
}

/**
 * A lead server for each test of the calling `describe`, as the lead tests use it: a new store of `kind`, a
 * receiver answering `answer` (200 by default) as the contact form's webhook, the admin token, a fast
 * outbox, a rate limit no test reaches, no proof of work and no duplicate window (a machine client's); `env` adds or replaces settings for every test of the block,
 * `start(env)` for one test. Everything is closed and removed after each test.
 */
export function useLeadServer(
  kind: StoreKind,
  options: {
    env?: Record<string, string>
    answer?: (request: ReceivedDelivery, index: number) => ReceiverAnswer
  } = {},
): LeadServerFixture {
  let store: Awaited<ReturnType<typeof newStore>> | undefined
  let receiver: Awaited<ReturnType<typeof startLeadReceiver>> | undefined
  let service: LeadService | undefined
  let log = memoryLog()
  const typed = new Set<string>()
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`No ${what}: use the fixture inside a test, after start()`)
    return value
  }

  beforeEach(async () => {
    store = await newStore(kind)
    receiver = await startLeadReceiver(options.answer)
  })

  afterEach(async () => {
    // Every log line of every lead server in the suite: nothing a visitor typed or an operator searched.
    const lines = log.entries.map((entry) => JSON.stringify(entry))
    const leaked = [...typed].filter((value) => lines.some((line) => line.includes(JSON.stringify(value).slice(1, -1))))
    typed.clear()
    expect(leaked, 'typed values in the log').toStrictEqual([])
    await service?.close()
    service = undefined
    await receiver?.close()
    store?.remove()
  })

  return {
    get service() {
      return ready(service, 'lead server')
    },
    get receiver() {
      return ready(receiver, 'receiver')
    },
    get log() {
      return log
    },
    get store() {
      return ready(store, 'store')
    },
    async start(env = {}) {
      log = memoryLog()
      service = await startLeadService(
        leadConfigFromEnv({
          ...ready(store, 'store').env,
          LEADS_ADMIN_TOKEN: ADMIN_TOKEN,
          CONTACT_WEBHOOK_URL: ready(receiver, 'receiver').url('/contact'),
          LEAD_OUTBOX_POLL_MS: '50',
          LEAD_RATE_LIMIT_PER_MINUTE: '1000',
          // These tests post raw JSON as a machine client would, and post one address many times: the spam
          // tests (spamProtection.test.ts) turn both back on.
          LEAD_SPAM_PROTECTION: 'off',
          LEAD_DUPLICATE_WINDOW: '0',
          ...options.env,
          ...env,
        }),
        log,
      )
      service = { ...service, app: recordingTypedValues(service.app, typed) }
      return service
    },
  }
}

/** The fields a visitor types into a form, and the query parameters an operator types. */
const TYPED_FIELDS = ['name', 'fullName', 'firstName', 'lastName', 'email', 'phone', 'company', 'message', 'title']
const TYPED_QUERY = ['q', 'search']

/**
 * Log lines are made of lower-case words, numbers and ids (`consents`, `2026-11-26T…`, `lead-stored`): a typed
 * value made only of those characters can be found in a line by chance (a generated "cons" in "consents"), so
 * only values with another character (a capital, a space, an `@`, any other script) are looked for.
 */
const LOG_VOCABULARY = /^[a-z0-9._:/-]*$/

/** The lead server's routes behind a recorder of the typed values each request carries (4 characters or more). */
function recordingTypedValues(app: Hono, typed: Set<string>): Hono {
  const recording = new Hono()
  recording.use(async (c, next) => {
    const keep = (value: unknown) =>
      typeof value === 'string' && value.trim().length >= 4 && !LOG_VOCABULARY.test(value) && typed.add(value)
    for (const name of TYPED_QUERY) keep(c.req.query(name))
    const text = await c.req.raw
      .clone()
      .text()
      .catch(() => '')
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    const fields = (value: unknown) =>
      (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
    const payload = fields(fields(body).payload)
    for (const name of TYPED_FIELDS) keep(payload[name])
    keep(fields(body).email)
    await next()
  })
  recording.route('/', app)
  return recording
}
