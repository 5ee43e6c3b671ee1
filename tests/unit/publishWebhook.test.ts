import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPublishQueue, type PublishReport } from '../../apps/server/src/publish/publishQueue'
import { handlePublishWebhook } from '../../apps/server/src/publish/webhookEndpoint'

const SECRET = 'webhook-secret-for-tests'

async function signed(body: unknown, secret = SECRET): Promise<Request> {
  const text = JSON.stringify(body)
  return new Request('http://127.0.0.1:4600/', {
    method: 'POST',
    headers: { [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(text, Date.now(), secret) },
    body: text,
  })
}

describe('the publish webhook endpoint', () => {
  it('queues the published document, and the document for a draft id', async () => {
    const enqueue = vi.fn()
    const response = await handlePublishWebhook(await signed({ _id: 'drafts.page.about', _type: 'page' }), {
      secret: SECRET,
      enqueue,
    })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ queued: ['page.about'] })
    expect(enqueue).toHaveBeenCalledWith(['page.about'])
  })

  it('refuses a request signed with another secret, or not signed, and queues nothing', async () => {
    const enqueue = vi.fn()
    const forged = await handlePublishWebhook(await signed({ _id: 'page.home' }, 'guessed'), {
      secret: SECRET,
      enqueue,
    })
    expect(forged.status).toBe(401)
    const unsigned = await handlePublishWebhook(
      new Request('http://127.0.0.1:4600/', { method: 'POST', body: JSON.stringify({ _id: 'page.home' }) }),
      { secret: SECRET, enqueue },
    )
    expect(unsigned.status).toBe(401)
    expect(await unsigned.json()).toEqual({ error: 'Invalid or missing webhook signature' })
    expect(enqueue).not.toHaveBeenCalled()
  })

  it('answers 400 to a signed body without a document id', async () => {
    const response = await handlePublishWebhook(await signed({ hello: 'world' }), { secret: SECRET, enqueue: vi.fn() })
    expect(response.status).toBe(400)
  })
})

describe('the publish queue', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('makes one rebuild of the union of 20 publishes in 2 seconds', async () => {
    const rebuild = vi.fn(async (_documentIds: string[]) => ({ routes: 'all' as const }))
    const reports: PublishReport[] = []
    const queue = createPublishQueue({ rebuild, debounceMs: 2_000, onReport: (report) => reports.push(report) })
    for (let index = 0; index < 20; index++) {
      queue.add([`resource.${index % 5}`])
      await vi.advanceTimersByTimeAsync(100)
    }
    await vi.advanceTimersByTimeAsync(2_000)
    await queue.whenIdle()
    expect(rebuild).toHaveBeenCalledTimes(1)
    expect(rebuild).toHaveBeenCalledWith(['resource.0', 'resource.1', 'resource.2', 'resource.3', 'resource.4'])
    expect(reports).toEqual([{ documentIds: rebuild.mock.calls[0]![0], routes: 'all', durationMs: expect.any(Number) }])
  })

  it('still rebuilds during a steady stream of publishes, once the oldest has waited the longest wait', async () => {
    const rebuild = vi.fn(async (_documentIds: string[]) => ({ routes: 'all' as const }))
    const queue = createPublishQueue({ rebuild, debounceMs: 2_000, maxWaitMs: 10_000 })
    for (let second = 0; second < 15; second++) {
      queue.add([`resource.${second}`])
      await vi.advanceTimersByTimeAsync(1_000)
    }
    expect(rebuild).toHaveBeenCalledTimes(1)
    expect(rebuild.mock.calls[0]![0]).toHaveLength(10)
    await vi.advanceTimersByTimeAsync(2_000)
    await queue.whenIdle()
    expect(rebuild).toHaveBeenCalledTimes(2)
    expect([...rebuild.mock.calls[0]![0], ...rebuild.mock.calls[1]![0]].sort()).toEqual(
      Array.from({ length: 15 }, (_, second) => `resource.${second}`).sort(),
    )
  })

  it('never runs two rebuilds at once: publishes during a rebuild wait for it, then rebuild together', async () => {
    let active = 0
    let maxActive = 0
    const finishers: (() => void)[] = []
    const rebuild = vi.fn(async (_ids: string[]) => {
      active++
      maxActive = Math.max(maxActive, active)
      await new Promise<void>((resolve) => finishers.push(resolve))
      active--
      return { routes: 'all' as const }
    })
    const queue = createPublishQueue({ rebuild, debounceMs: 500 })
    queue.add(['page.home'])
    await vi.advanceTimersByTimeAsync(500)
    expect(rebuild).toHaveBeenCalledTimes(1)

    queue.add(['faq.home-1'])
    await vi.advanceTimersByTimeAsync(600)
    queue.add(['testimonial.1'])
    await vi.advanceTimersByTimeAsync(600)
    expect(rebuild).toHaveBeenCalledTimes(1) // still running the first

    finishers.shift()!()
    await vi.advanceTimersByTimeAsync(0)
    expect(rebuild).toHaveBeenCalledTimes(2)
    expect(rebuild).toHaveBeenLastCalledWith(['faq.home-1', 'testimonial.1'])
    finishers.shift()!()
    await queue.whenIdle()
    expect(maxActive).toBe(1)
  })

  it('reports a failed rebuild and keeps serving the next publish', async () => {
    const reports: PublishReport[] = []
    const rebuild = vi
      .fn()
      .mockRejectedValueOnce(new Error('build exited with 1'))
      .mockResolvedValueOnce({ routes: 'all' })
    const queue = createPublishQueue({ rebuild, debounceMs: 10, onReport: (report) => reports.push(report) })
    queue.add(['page.home'])
    await vi.advanceTimersByTimeAsync(10)
    await queue.whenIdle()
    queue.add(['page.about'])
    await vi.advanceTimersByTimeAsync(10)
    await queue.whenIdle()
    expect(reports.map(({ documentIds, error }) => ({ documentIds, error }))).toEqual([
      { documentIds: ['page.home'], error: 'Error: build exited with 1' },
      { documentIds: ['page.about'], error: undefined },
    ])
  })
})
