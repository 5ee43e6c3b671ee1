import { expect, type Page, test } from '@playwright/test'
import { type Fault, RECORDER_ORIGIN, type RecordedRequest } from './webhookRecorder'

/** The webhooks of the test build: http://127.0.0.1:4599/hooks/<hook> (scripts/test-all.sh; 4599 + E2E_PORT_OFFSET). */
export type Hook = 'contact' | 'guide' | 'qualify' | 'giveaway'

/** A JSON payload as the receiver parsed it. */
export type Payload = Record<string, unknown>

/** How a browser labels a no-cors request's body: the page's JSON content type is not allowed there. */
export const OPAQUE_BODY_TYPE = 'text/plain;charset=UTF-8'

/**
 * How the build under test sends leads: `server` (the default build, served by the production server,
 * whose outbox calls the webhooks) or `direct` (a VITE_LEAD_DELIVERY=direct build: the browser calls them).
 * The Playwright project says which (playwright.config.ts).
 */
export function leadDelivery(): 'server' | 'direct' {
  return test.info().project.name === 'direct' ? 'direct' : 'server'
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
/** Long enough for a request the page has sent to have arrived, on a busy two-core machine. */
const SETTLE_MS = 750

/**
 * A value no other test types (tests share one recorder and run in parallel): an e-mail address
 * unique to this test run and `label`.
 */
export function uniqueEmail(label: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
  return `${label}.${nonce}@example.com`
}

/** Requests that reached `hook` (every webhook when omitted) whose body contains `marker`. */
export async function recordedWith(marker: string, hook?: Hook): Promise<RecordedRequest[]> {
  return (await recorded(marker, hook)).filter((request) => request.hook !== 'smtp')
}

async function recorded(marker: string, hook?: string): Promise<RecordedRequest[]> {
  const response = await fetch(`${RECORDER_ORIGIN}/__recorded${hook ? `?hook=${hook}` : ''}`)
  const all: unknown = await response.json()
  if (!isRecordedList(all)) throw new Error(`the recorder answered ${JSON.stringify(all)}`)
  return all.filter((request) => request.body.includes(marker))
}

/** Where the production server sends every lead's e-mail in these tests (LEAD_NOTIFY_EMAIL, globalSetup.ts). */
export const TEAM_EMAIL = 'sales@advisorgrowth.test'

/** An e-mail the tests' SMTP server accepted, as a mail parser read it. */
export interface RecordedEmail {
  to: string[]
  subject: string | undefined
  replyTo: string | undefined
  text: string | undefined
}

/** E-mails the tests' SMTP server accepted that mention `marker`. */
export async function recordedEmails(marker: string): Promise<RecordedEmail[]> {
  return (await recorded(marker, 'smtp')).map((request) => JSON.parse(request.body) as RecordedEmail)
}

/**
 * Waits for the request carrying `marker` to reach `hook`, then checks — after the time a duplicate
 * would need to arrive — that it is the only one; returns it, its body parsed. A direct build's browser
 * posts it as an opaque request; the lead server as JSON with a `webhook-id`.
 */
export async function expectOneRequest(
  hook: Hook,
  marker: string,
): Promise<{ request: RecordedRequest; payload: Payload }> {
  await expect
    .poll(async () => (await recordedWith(marker, hook)).length, {
      message: `a ${hook} request with ${marker}`,
      timeout: 15_000,
    })
    .toBeGreaterThan(0)
  await new Promise((settle) => setTimeout(settle, SETTLE_MS))
  const requests = await recordedWith(marker, hook)
  expect(requests, `${hook} requests with ${marker}`).toHaveLength(1)
  const [request] = requests
  if (!request) throw new Error(`no ${hook} request with ${marker}`)
  expect(request.method).toBe('POST')
  if (leadDelivery() === 'direct') {
    expect(request.contentType).toBe(OPAQUE_BODY_TYPE)
  } else {
    expect(request.contentType).toBe('application/json')
    expect(request.webhookId).toMatch(/^[0-9a-f-]{36}$/)
  }
  const payload: unknown = JSON.parse(request.body)
  if (!isPayload(payload)) throw new Error(`the ${hook} body is not a JSON object: ${request.body}`)
  return { request, payload }
}

/** Checks, after the time a request would need to arrive, that none carrying `marker` reached any hook. */
export async function expectNoRequest(marker: string): Promise<void> {
  await new Promise((settle) => setTimeout(settle, SETTLE_MS))
  expect(await recordedWith(marker), `requests with ${marker}`).toEqual([])
}

/**
 * Checks a payload key for key: exactly `expected` plus `timestamp`, an ISO 8601 instant from the last
 * minute (no clock skew: the browser and the recorder share this machine's clock).
 */
export function expectPayload(payload: Payload, expected: Record<string, string | boolean>): void {
  expect(payload).toStrictEqual({ ...expected, timestamp: expect.stringMatching(ISO_INSTANT) })
  const age = Date.now() - Date.parse(String(payload.timestamp))
  expect(age).toBeGreaterThanOrEqual(0)
  expect(age).toBeLessThan(60_000)
}

/**
 * Makes the next `times` requests to `hook` whose body contains `match` fail with `fault`. `times` is
 * more than one attempt: a browser may silently retry a POST whose reused connection was reset.
 */
export async function armFault(hook: Hook, fault: Fault, match: string, times = 3): Promise<void> {
  await postFault({ hook, fault, times, match })
}

export async function disarmFault(hook: Hook, match: string): Promise<void> {
  await postFault({ hook, fault: null, match })
}

/**
 * Makes the page's next sends of `hook`'s form fail as a dropped connection does, where the browser sends
 * them: at the webhook in a direct build, at the site's lead endpoint otherwise (whose webhook faults the
 * visitor never sees). `letSendsThrough` undoes it.
 */
export async function failSends(page: Page, hook: Hook, marker: string): Promise<void> {
  if (leadDelivery() === 'direct') return armFault(hook, 'reset', marker)
  await page.route(`**/api/leads/${hook}`, (route) => route.abort('connectionreset'))
}

export async function letSendsThrough(page: Page, hook: Hook, marker: string): Promise<void> {
  if (leadDelivery() === 'direct') return disarmFault(hook, marker)
  await page.unroute(`**/api/leads/${hook}`)
}

async function postFault(command: { hook: Hook; fault: Fault | null; times?: number; match: string }) {
  const response = await fetch(`${RECORDER_ORIGIN}/__fault`, { method: 'POST', body: JSON.stringify(command) })
  expect(response.status).toBe(204)
}

function isRecordedList(value: unknown): value is RecordedRequest[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        isPayload(item) &&
        typeof item.hook === 'string' &&
        typeof item.method === 'string' &&
        typeof item.body === 'string',
    )
  )
}

function isPayload(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
