import { join } from 'node:path'

/** Where a route's files live in the published site. */
export function routeFiles(path: string): { html: string; data: string } {
  if (path === '/') return { html: 'index.html', data: '_root.data' }
  const relativePath = path.slice(1)
  return { html: join(relativePath, 'index.html'), data: `${relativePath}.data` }
}
