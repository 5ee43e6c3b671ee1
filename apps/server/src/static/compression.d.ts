// compression 1.8 is Express's middleware but needs nothing of Express: it wraps Node's own request and
// response (its published types name Express's, which this server does not use).
declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface CompressionOptions {
    filter?: (req: IncomingMessage, res: ServerResponse) => boolean
    threshold?: number | string
  }
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void
  interface Compression {
    (options?: CompressionOptions): Middleware
    filter: (req: IncomingMessage, res: ServerResponse) => boolean
  }
  const compression: Compression
  export default compression
}
