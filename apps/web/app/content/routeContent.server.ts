import { getContentClient } from './client.server'
import { ROUTE_QUERY } from './queries'

/** Routes match case-insensitively and with or without a trailing slash. */
export function normaliseRoutePath(pathname: string): string {
  const lower = pathname.toLowerCase().replace(/\/+$/, '')
  return lower === '' ? '/' : lower
}

export async function fetchRouteContent(pathname: string) {
  const client = await getContentClient()
  return client.fetch(ROUTE_QUERY, { path: normaliseRoutePath(pathname) })
}
