import { contentApiHandlers } from '@site/content-api/msw'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'

/**
 * msw in Node: Sanity's query API over the seed dataset; tests add webhook handlers with server.use(). The
 * lead server's proof-of-work challenge is not served here (the forms then send their leads without a proof,
 * as they do when the server is away): tests/leads and tests/e2e cover the proof with the real server.
 */
export const server = setupServer(
  ...contentApiHandlers(),
  http.get('*/api/leads/challenge', () => HttpResponse.json({ error: 'Not served in unit tests' }, { status: 404 })),
)
