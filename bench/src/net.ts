import { createServer } from 'node:net'

/** A port that was free a moment ago: the site's origin must be known before it is built. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (typeof address !== 'object' || address === null) throw new Error('No port assigned')
  return address.port
}
