import { MSW_CONTENT_API_ORIGIN } from '@site/content-api/msw'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { server } from './support/mswServer'

// The site's content client talks to msw's copy of the embedded query API (see support/mswServer.ts).
process.env.CONTENT_API_ORIGIN = MSW_CONTENT_API_ORIGIN
delete process.env.SANITY_PROJECT_ID

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
