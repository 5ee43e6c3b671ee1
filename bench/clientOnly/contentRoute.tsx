import { createClient } from '@sanity/client'
import { type ClientLoaderFunctionArgs, data, type MetaFunction, useLoaderData } from 'react-router'
import { ROUTE_QUERY } from '../../apps/web/app/content/queries'
import { ArticlePage } from '../../apps/web/app/pages/ArticlePage'
import { NotFoundPage } from '../../apps/web/app/pages/NotFoundPage'
import { SectionPage } from '../../apps/web/app/pages/SectionPage'
import { routeMeta } from '../../apps/web/app/seo/routeMeta'

/**
 * The client-only twin of apps/web/app/routes/contentRoute.tsx: the same query and the same pages, but
 * the content is fetched in the browser, at run time, from the query API the benchmark serves — what a
 * plain single-page app on a headless CMS ships. Only the benchmark builds it (BENCH_CLIENT_ONLY=1).
 */
const client = createClient({
  // The embedded query API's ids (packages/content-api/src/config.ts) and the site's API version.
  projectId: 'embedded',
  dataset: 'production',
  apiVersion: '2025-02-19',
  useCdn: false,
  perspective: 'published',
  apiHost: import.meta.env.VITE_BENCH_CONTENT_API_ORIGIN,
  useProjectHostname: false,
})

function normaliseRoutePath(pathname: string): string {
  const lower = pathname.toLowerCase().replace(/\/+$/, '')
  return lower === '' ? '/' : lower
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const path = normaliseRoutePath(new URL(request.url).pathname)
  const { settings, page, resource } = await client.fetch(ROUTE_QUERY, { path })
  if (!settings || (!page && !resource)) throw data(null, { status: 404, statusText: 'Not Found' })
  return { notFound: false as const, settings, page, resource, path, siteUrl: window.location.origin }
}

export const meta: MetaFunction<typeof clientLoader> = ({ data }) => routeMeta(data)

export default function ClientOnlyContentRoute() {
  const { settings, page, resource } = useLoaderData<typeof clientLoader>()
  if (resource) return <ArticlePage settings={settings} resource={resource} />
  if (page) return <SectionPage settings={settings} page={page} />
  return <NotFoundPage />
}
