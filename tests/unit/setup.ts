import { MSW_CONTENT_API_ORIGIN } from '@site/content-api/msw'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { server } from './support/mswServer'

// The site's content client talks to msw's copy of the embedded query API (see support/mswServer.ts).
process.env.CONTENT_API_ORIGIN = MSW_CONTENT_API_ORIGIN
delete process.env.SANITY_PROJECT_ID

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  // Files share a worker (vitest.config.ts): a direct build's VITE_LEAD_DELIVERY must not reach the next file.
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})
afterAll(() => server.close())
