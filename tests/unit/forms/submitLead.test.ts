// @vitest-environment jsdom
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LeadNotStoredError, submitLead } from '../../../apps/web/app/forms/shared/submitLead'
import { server } from '../support/mswServer'

const submission = {
  payload: { timestamp: '2026-11-25T10:00:00.000Z', fullName: 'Ada Lovelace', source: 'conference_giveaway' },
  idempotencyKey: 'conference-room-entry-0001',
  honeypot: '',
}

/** The lead endpoint answering each request with the next of `answers`; records what reached it and when. */
function leadEndpoint(answers: Array<{ status: number; retryAfter?: string }>) {
  const requests: Array<{ key: string | null; body: string; at: number }> = []
  server.use(
    http.post(new URL('/api/leads/giveaway', window.location.href).href, async ({ request }) => {
      requests.push({ key: request.headers.get('idempotency-key'), body: await request.text(), at: Date.now() })
      const { status, retryAfter } = answers[Math.min(requests.length - 1, answers.length - 1)]!
      const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': retryAfter }
      return HttpResponse.json(status === 201 ? { id: 'lead-1' } : { error: 'Too many submissions' }, {
        status,
        headers,
      })
    }),
  )
  return requests
}

describe("a lead past the server's per-address limit (a conference room on one Wi-Fi)", () => {
  beforeEach(() => vi.stubEnv('VITE_LEAD_DELIVERY', ''))

  it("waits out a 429's Retry-After and sends the same submission again, with the same key, so it is stored once", async () => {
    const requests = leadEndpoint([{ status: 429, retryAfter: '1' }, { status: 201 }])
    await submitLead('giveaway', submission)
    expect(requests).toHaveLength(2)
    expect(requests.map(({ key }) => key)).toStrictEqual([submission.idempotencyKey, submission.idempotencyKey])
    expect(requests[1]!.body).toBe(requests[0]!.body)
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1000)
  })

  it('tells the visitor at once when the wait would outlast the 15 s a send may take', async () => {
    const requests = leadEndpoint([{ status: 429, retryAfter: '40' }])
    await expect(submitLead('giveaway', submission)).rejects.toStrictEqual(new LeadNotStoredError(429))
    expect(requests).toHaveLength(1)
  })

  it('does not send again after any other refusal', async () => {
    const requests = leadEndpoint([{ status: 422, retryAfter: '1' }])
    await expect(submitLead('giveaway', submission)).rejects.toStrictEqual(new LeadNotStoredError(422))
    expect(requests).toHaveLength(1)
  })
})
