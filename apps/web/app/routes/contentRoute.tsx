import { data } from 'react-router'
import type { Route } from './+types/contentRoute'
import { NOT_FOUND_PRERENDER_PATH } from '../content/paths.server'
import { fetchRouteContent, normaliseRoutePath } from '../content/routeContent.server'
import { siteUrl } from '../content/siteUrl.server'
import { ArticlePage } from '../pages/ArticlePage'
import { NotFoundPage } from '../pages/NotFoundPage'
import { usePreviewContent } from '../preview/liveRouteContent'
import { previewRouteContext } from '../preview/previewConfig.server'
import { withoutStega } from '../preview/withoutStega'
import { SectionPage } from '../pages/SectionPage'
import { routeMeta } from '../seo/routeMeta'

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url)
  if (pathname === NOT_FOUND_PRERENDER_PATH) return { notFound: true as const }
  const { settings, page, resource } = await fetchRouteContent(pathname)
  if (!settings || (!page && !resource)) throw data(null, { status: 404, statusText: 'Not Found' })
  return {
    notFound: false as const, settings, page, resource, path: normaliseRoutePath(pathname), siteUrl: siteUrl(),
    ...previewRouteContext(),
  }
}

export const meta: Route.MetaFunction = ({ data }) => routeMeta(withoutStega(data))

export default function ContentRoute({ loaderData }: Route.ComponentProps) {
  const content = usePreviewContent(loaderData)
  if (content.notFound) return <NotFoundPage />
  const { settings, page, resource } = content
  if (resource) return <ArticlePage settings={settings} resource={resource} />
  if (page) return <SectionPage settings={settings} page={page} />
  return <NotFoundPage />
}
