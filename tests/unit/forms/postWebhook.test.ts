import { SUBMIT_TIMEOUT_MS } from '@site/leads/limits'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { postWebhook, withTimestamp } from '../../../apps/web/app/forms/shared/postWebhook'

describe('postWebhook', () => {
  afterEach(() => vi.useRealTimers())

  it('POSTs the JSON payload in opaque (no-cors) mode with a JSON content type and a time limit', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null))
    await postWebhook('http://hooks.test/x', { name: 'Jane', optIn: true })
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('http://hooks.test/x')
    expect(init).toMatchObject({
      method: 'POST',
      mode: 'no-cors',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"Jane","optIn":true}',
    })
    expect(init?.signal).toBeInstanceOf(AbortSignal)
    expect(SUBMIT_TIMEOUT_MS).toBeGreaterThanOrEqual(5_000)
  })

  it('resolves whatever the (unreadable) response, and rejects when the request throws', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(null, { status: 500 }))
    await expect(postWebhook('http://hooks.test/x', {})).resolves.toBeUndefined()
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(postWebhook('http://hooks.test/x', {})).rejects.toThrow('Failed to fetch')
  })

  it('gives up, by throwing, on a webhook that does not answer within SUBMIT_TIMEOUT_MS', async () => {
    const clock = new AbortController()
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(clock.signal)
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    )
    const sending = postWebhook('http://hooks.test/x', {})
    expect(timeout).toHaveBeenCalledWith(SUBMIT_TIMEOUT_MS)
    clock.abort(new DOMException('The operation timed out.', 'TimeoutError'))
    await expect(sending).rejects.toThrow('timed out')
  })

  it('sends nothing when the webhook address is not configured', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    await postWebhook('', { name: 'Jane' })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('adds the submission time as an ISO 8601 date-time after the fields', () => {
    vi.useFakeTimers({ now: new Date('2025-03-04T05:06:07.089Z') })
    const payload = withTimestamp({ name: 'Jane' })
    expect(payload).toEqual({ name: 'Jane', timestamp: '2025-03-04T05:06:07.089Z' })
    expect(Object.keys(payload)).toEqual(['name', 'timestamp'])
  })
})
