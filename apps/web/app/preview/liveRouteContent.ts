import { useSyncExternalStore } from 'react'
import type { ROUTE_QUERY_RESULT } from '../content/sanity.types'

/**
 * The route's content as the Studio sends it while an editor types (preview builds only). PreviewMode
 * writes it; the route reads it through usePreviewContent. Kept free of dependencies, since the route
 * module imports it in every build.
 */
interface LiveContent {
  path: string
  content: ROUTE_QUERY_RESULT
}

let current: LiveContent | undefined
const listeners = new Set<() => void>()

export const liveRouteContent = {
  publish(path: string, content: ROUTE_QUERY_RESULT) {
    current = { path, content }
    for (const listener of listeners) listener()
  },
  clear(path: string) {
    if (current?.path !== path) return
    current = undefined
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  snapshot: (): LiveContent | undefined => current,
}

const noLiveContent = (): undefined => undefined

/**
 * The route's loader data, or in a preview build inside the Studio, the same data with the live draft
 * content. In a production build the flag is a constant false and this returns its input.
 */
export function usePreviewContent<T extends { notFound: boolean; path?: string }>(loaderData: T): T {
  if (import.meta.env.VITE_SANITY_PREVIEW !== 'true') return loaderData
  // The condition above is a build-time constant, so the hook order never changes between renders.
  // biome-ignore lint/correctness/useHookAtTopLevel: see above
  const live = useSyncExternalStore(liveRouteContent.subscribe, liveRouteContent.snapshot, noLiveContent)
  if (!live || loaderData.notFound || live.path !== loaderData.path) return loaderData
  return Object.assign({}, loaderData, live.content)
}
