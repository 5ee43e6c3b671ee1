import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { type PublishRoutesOptions, publishRoutes } from './publishRoutes.ts'

export interface PublishServer {
  /** Where the webhook posts: `<origin>/api/publish`. */
  url: string
  endpoint: ReturnType<typeof publishRoutes>
  close: () => Promise<void>
}

/**
 * The production server's publish endpoint alone on a port (`pnpm studio` with a built site): the same
 * routes, queue, publisher and catch-up as `/api/publish` of `pnpm serve`.
 */
export async function startPublishServer(
  options: PublishRoutesOptions & { port: number; host?: string },
): Promise<PublishServer> {
  const endpoint = publishRoutes(options)
  const server = createServer(getRequestListener(endpoint.app.fetch))
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port, host, done)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}/api/publish`,
    endpoint,
    close: async () => {
      endpoint.close()
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
    },
  }
}
