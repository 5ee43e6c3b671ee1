import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import { randomId } from './mutations'

interface PresenceOptions {
  dataset: string
  token: string
  allowedOrigins: string[]
  userId: string
}

interface RpcRequest {
  id?: string
  method?: string
  params?: { authorization?: string; data?: { sessionId?: string }; session?: string }
}

/**
 * The Studio's presence socket, `/socket/<dataset>` (JSON-RPC 2.0, as @sanity/bifur-client speaks it): each
 * session's announced location goes to every other open Studio, so an editor sees who else has a document
 * open. Without it the Studio retried the connection forever, logging each failure in the console.
 */
export function presenceSockets({ dataset, token, allowedOrigins, userId }: PresenceOptions) {
  const server = new WebSocketServer({ noServer: true })
  const subscriptions = new Map<WebSocket, string>()

  const broadcast = (from: WebSocket, result: Record<string, unknown>) => {
    for (const [socket, subscription] of subscriptions) {
      if (socket === from) continue
      socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'presence_subscription', params: { subscription, result } }))
    }
  }

  const serve = (socket: WebSocket) => {
    let authorized = false
    const sessions = new Set<string>()
    socket.on('message', (data) => {
      let request: RpcRequest
      try {
        request = JSON.parse(String(data)) as RpcRequest
      } catch {
        return
      }
      const { id, method, params = {} } = request
      const reply = (result: unknown) => socket.send(JSON.stringify({ jsonrpc: '2.0', id, result }))
      if (method === 'authorization') {
        authorized = params.authorization === `Bearer ${token}`
        return authorized ? reply(true) : socket.close(4001, 'Needs the local editor token')
      }
      if (!authorized) return socket.close(4001, 'Needs the local editor token')
      switch (method) {
        case 'presence_subscribe': {
          const subscription = randomId(16)
          subscriptions.set(socket, subscription)
          return reply(subscription)
        }
        case 'presence_unsubscribe':
          subscriptions.delete(socket)
          return reply(true)
        case 'presence_announce':
          if (params.data?.sessionId) sessions.add(params.data.sessionId)
          broadcast(socket, { type: 'state', i: userId, m: params.data })
          return reply(true)
        case 'presence_rollcall':
          broadcast(socket, { type: 'rollCall', i: userId, session: params.session })
          return reply(true)
        case 'presence_disconnect':
          broadcast(socket, { type: 'disconnect', i: userId, m: { session: params.session } })
          return reply(true)
        default:
          return socket.send(
            JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } }),
          )
      }
    })
    socket.on('close', () => {
      subscriptions.delete(socket)
      for (const session of sessions) broadcast(socket, { type: 'disconnect', i: userId, m: { session } })
    })
  }

  return {
    /** For the HTTP server's `upgrade` event: the presence socket, or the connection closed. */
    upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const path = new URL(request.url ?? '/', 'http://lake').pathname.replace(/^\/v[^/]+\//, '/')
      const origin = request.headers.origin
      if (path !== `/socket/${dataset}` || (origin && !allowedOrigins.includes(origin))) {
        socket.destroy()
        return
      }
      server.handleUpgrade(request, socket, head, serve)
    },
    close() {
      for (const client of server.clients) client.terminate()
      server.close()
    },
  }
}
