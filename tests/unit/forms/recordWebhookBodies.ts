import { vi } from 'vitest'

/**
 * Replaces fetch, for the test, with a receiver that answers 200 and keeps each request body, in order
 * (setup.ts restores it after the test).
 */
export function recordWebhookBodies(): unknown[] {
  const bodies: unknown[] = []
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    bodies.push(init.body)
    return new Response(null, { status: 200 })
  })
  return bodies
}
