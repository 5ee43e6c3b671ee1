import { join } from 'node:path'
import { routeDataAddress } from '@site/leads/experiments'

/** Where a route's files live in the published site. */
export function routeFiles(path: string): { html: string; data: string } {
  const data = routeDataAddress(path).slice(1)
  if (path === '/') return { html: 'index.html', data }
  return { html: join(path.slice(1), 'index.html'), data }
}
