// First: zod must not probe for eval, which the site's Content Security Policy forbids (see @site/leads/zod).
import '@site/leads/zod'
import { createClient, type SanityClient } from '@sanity/client'
import { useLiveMode, useQuery } from '@sanity/react-loader'
import { VisualEditing } from '@sanity/visual-editing/react-router'
import { useEffect, useMemo } from 'react'
import { useMatches } from 'react-router'
import { ROUTE_QUERY } from '../content/queries'
import type { ROUTE_QUERY_RESULT } from '../content/sanity.types'
import { validateRouteContent } from '../content/validation/validateContent'
import { liveRouteContent } from './liveRouteContent'
import type { PreviewContext } from './previewContext'
import { stegaFilter } from './stegaFilter'

/** What the content route's loader returns in a preview build (see previewRouteContext). */
interface PreviewRouteData extends ROUTE_QUERY_RESULT {
  path: string
  preview: PreviewContext
}

/**
 * Visual editing, loaded only by preview builds and only in the browser (PreviewMode.tsx): the Studio's
 * click-to-edit overlays, and live mode, in which the Studio runs the route's query with the editor's
 * own session and sends the draft result through its window connection. The site holds no token and
 * never queries Sanity itself.
 */
export default function LivePreview() {
  const route = useCurrentRouteData()
  const { projectId, dataset, apiVersion, studioUrl } = route?.preview ?? {}
  const client = useMemo(
    () =>
      projectId && dataset && apiVersion && studioUrl
        ? createClient({
            projectId,
            dataset,
            apiVersion,
            useCdn: false,
            perspective: 'drafts',
            stega: { enabled: true, studioUrl, filter: stegaFilter },
          })
        : undefined,
    [projectId, dataset, apiVersion, studioUrl],
  )
  return (
    <>
      <VisualEditing />
      {client && <LiveMode client={client} />}
      {route && <LiveRouteContent key={route.path} route={route} />}
    </>
  )
}

function LiveMode({ client }: { client: SanityClient }) {
  useLiveMode({ client })
  return null
}

/** Subscribes to the route's query through the Studio and hands each valid result to the route. */
function LiveRouteContent({ route }: { route: PreviewRouteData }) {
  const { settings, page, resource, path } = route
  const initial = useMemo(
    () => ({ data: { settings, page, resource }, sourceMap: undefined, perspective: 'drafts' as const }),
    [settings, page, resource],
  )
  const params = useMemo(() => ({ path }), [path])
  const { data } = useQuery<ROUTE_QUERY_RESULT>(ROUTE_QUERY, params, { initial })

  useEffect(() => {
    if (data === initial.data) return
    try {
      // Drafts can be half-written: a broken section is left out rather than breaking the preview.
      liveRouteContent.publish(path, validateRouteContent(data, 'skip-section'))
    } catch (error) {
      console.warn('Preview: the draft content cannot be shown yet', error)
    }
  }, [data, initial, path])
  useEffect(() => () => liveRouteContent.clear(path), [path])
  return null
}

function useCurrentRouteData(): PreviewRouteData | undefined {
  const matches = useMatches()
  for (const match of [...matches].reverse()) {
    if (isPreviewRouteData(match.loaderData)) return match.loaderData
  }
  return undefined
}

function isPreviewRouteData(value: unknown): value is PreviewRouteData {
  return (
    typeof value === 'object' &&
    value !== null &&
    'preview' in value &&
    'path' in value &&
    typeof value.path === 'string'
  )
}
