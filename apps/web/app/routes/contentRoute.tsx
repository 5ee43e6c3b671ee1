import { Suspense, useEffect } from 'react'
import { data, redirectDocument, useLocation } from 'react-router'
import { variantRequest } from '../content/experiments.server'
import { NOT_FOUND_PRERENDER_PATH } from '../content/paths.server'
import { fetchRouteContent, normaliseRoutePath } from '../content/routeContent.server'
import { siteUrl } from '../content/siteUrl.server'
import { reportExposure } from '../experiments/reportExposure'
import { ContentSourceContext } from '../forms/shared/consentSource'
import {
  routeShareImage,
  shareImageMeta,
  withResolvedImages,
  withResolvedResourceImages,
} from '../images/pageImages.server'
import { lazyComponent } from '../islands/lazyComponent'
import { NotFoundPage } from '../pages/NotFoundPage'
import { SectionPage } from '../pages/SectionPage'
import { usePreviewContent } from '../preview/liveRouteContent'
import { previewRouteContext } from '../preview/previewConfig.server'
import { withoutStega } from '../preview/withoutStega'
import { preloadSections } from '../sections/SectionList'
import { routeMeta } from '../seo/routeMeta'
import type { Route } from './+types/contentRoute'

// Articles are one route type of many: their page (and Portable Text) loads only where one is shown.
const loadArticleModule = () => import('../pages/ArticlePage')
const articlePage = lazyComponent(() => loadArticleModule().then((module) => module.ArticlePage))
const preloadArticle = () =>
  Promise.all([articlePage.preload(), loadArticleModule().then((module) => module.preloadArticleBody())])

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url)
  if (pathname === NOT_FOUND_PRERENDER_PATH) return { notFound: true as const }
  const { settings, page, resource, experiment } = await fetchRouteContent(
    pathname,
    undefined,
    variantRequest(request, import.meta.env.DEV),
  )
  if (!settings || (!page && !resource)) throw data(null, { status: 404, statusText: 'Not Found' })
  const [resolvedPage, resolvedResource, shareImage] = await Promise.all([
    page && withResolvedImages(page),
    resource && withResolvedResourceImages(resource),
    routeShareImage(settings, page, resource),
  ])
  return {
    notFound: false as const,
    settings,
    page: resolvedPage,
    resource: resolvedResource,
    share: shareImageMeta(shareImage, siteUrl()),
    path: normaliseRoutePath(pathname),
    siteUrl: siteUrl(),
    experiment,
    ...previewRouteContext(),
  }
}

type Content = Awaited<ReturnType<Route.ClientLoaderArgs['serverLoader']>>

/**
 * The page of this visit that showed an experiment's variant, as it was shown: a client navigation back to
 * it shows the same variant (the server chose it for this document; the build's data is the control's).
 */
let experimentPage: { path: string; content: Content } | undefined

/** A client navigation: the build's data for the route, with the modules of what it shows loaded first. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const path = new URL(request.url).pathname
  if (experimentPage && normalisedPath(path) === experimentPage.path) return experimentPage.content
  const content = await serverLoader()
  if (content.notFound) return content
  const loaded = await Promise.all([
    preloadSections(content.page?.sections),
    content.resource && preloadArticle(),
  ]).then(
    () => true,
    () => false,
  )
  // A chunk that is gone (the site was deployed again since this tab opened) or did not arrive: the
  // prerendered page loads as a document instead, and needs no chunk to show its content.
  if (!loaded) throw redirectDocument(new URL(request.url).pathname)
  return content
}

export const meta: Route.MetaFunction = ({ data }) => routeMeta(withoutStega(data))

const normalisedPath = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/'

export default function ContentRoute({ loaderData }: Route.ComponentProps) {
  const content = usePreviewContent(loaderData)
  const { key: view } = useLocation()
  const experiment = loaderData.notFound ? undefined : loaderData.experiment
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page view (a new location), by design
  useEffect(() => {
    if (!experiment || loaderData.notFound) return
    experimentPage = { path: loaderData.path, content: loaderData }
    if (experiment.counted) reportExposure(experiment.id, experiment.variant, loaderData.path)
  }, [view])
  if (content.notFound) return <NotFoundPage />
  const { settings, page, resource } = content
  // The document and revision the forms' consent copy comes from (consentSource.ts).
  const document = resource ?? page
  const source = document?._rev ? { documentId: document._id, documentRev: document._rev } : undefined
  if (resource) {
    return (
      <ContentSourceContext value={source}>
        <Suspense fallback={null}>
          <articlePage.Component settings={settings} resource={resource} />
        </Suspense>
      </ContentSourceContext>
    )
  }
  if (page) {
    return (
      <ContentSourceContext value={source}>
        <SectionPage settings={settings} page={page} />
      </ContentSourceContext>
    )
  }
  return <NotFoundPage />
}
