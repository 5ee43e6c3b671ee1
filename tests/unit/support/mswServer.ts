import { contentApiHandlers } from '@site/content-api/msw'
import { setupServer } from 'msw/node'

/** msw in Node: Sanity's query API over the seed dataset; tests add webhook handlers with server.use(). */
export const server = setupServer(...contentApiHandlers())
