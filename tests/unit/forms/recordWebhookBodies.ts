import { vi } from 'vitest'

/**
 * Replaces fetch with a receiver that answers 200 and keeps each request body, in order. The caller's
 * afterEach restores globals (vi.unstubAllGlobals).
 */
export function recordWebhookBodies(): unknown[] {
  const bodies: unknown[] = []
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    bodies.push(init.body)
    return new Response(null, { status: 200 })
  })
  return bodies
}
