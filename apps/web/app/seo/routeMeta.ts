import type { MetaDescriptor } from 'react-router'
import type { PageContent, ResourceContent, SectionOf, SiteSettings } from '../content/types'
import { NARROW_MEDIA, resolvedImageOf, WIDE_MEDIA } from '../images/resolvedImage'
import { articleJsonLd, faqJsonLd, organizationJsonLd } from './structuredData'

export type RouteSeoData =
  | { notFound: true }
  | {
      notFound: false
      settings: SiteSettings
      page: PageContent | null
      resource: ResourceContent | null
      path: string
      siteUrl: string
    }

/**
 * The head of a route: title, description, canonical URL, Open Graph and Twitter cards, JSON-LD.
 * Editors' SEO fields come first; without them the page title or the resource's excerpt stand in.
 */
export function routeMeta(data: RouteSeoData | undefined): MetaDescriptor[] {
  if (!data || data.notFound) return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }]
  const { settings, page, resource, path, siteUrl } = data
  const company = settings.companyName ?? ''
  const url = `${siteUrl}${path === '/' ? '/' : path}`
  const image = `${siteUrl}${settings.defaultShareImage ?? '/og-default.png'}`
  const fallbackTitle = resource?.title ?? page?.title ?? company
  const title =
    (resource ?? page)?.seo?.title || (fallbackTitle === company ? company : `${fallbackTitle} | ${company}`)
  const description = (resource ?? page)?.seo?.description || resource?.description || settings.description || ''

  const structuredData = [
    path === '/' ? organizationJsonLd(settings, siteUrl) : undefined,
    resource ? articleJsonLd(resource, settings, url, image) : undefined,
    page ? faqJsonLd(page) : undefined,
  ].filter((item) => item !== undefined)

  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...heroImagePreload(page),
    { property: 'og:type', content: resource ? 'article' : 'website' },
    { property: 'og:site_name', content: company },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    ...structuredData.map((json) => ({ 'script:ld+json': json })),
  ]
}

/**
 * A hero's background image is the first thing the visitor sees (often the largest paint): it is requested
 * with the HTML, with the same candidates as its `<picture>` (React does not preload an image inside one).
 * One preload per art direction, each for its viewports; in a static build each names its first format
 * (AVIF), which a browser without it skips, as it skips that `<source>`.
 */
function heroImagePreload(page: PageContent | null): MetaDescriptor[] {
  const hero = page?.sections?.find((section): section is SectionOf<'heroSection'> => section._type === 'heroSection')
  const image = resolvedImageOf(hero?.backgroundImage)
  if (!image) {
    const src = hero?.backgroundImage?.src
    return src ? [{ tagName: 'link', rel: 'preload', as: 'image', href: src, fetchPriority: 'high' }] : []
  }
  const narrow = image.sources.find((source) => source.media === NARROW_MEDIA)
  const wide = image.sources.find((source) => source.media === undefined) ?? { ...image.img, type: undefined }
  return [
    ...(narrow ? [{ ...narrow, media: NARROW_MEDIA }] : []),
    { ...wide, media: narrow ? WIDE_MEDIA : undefined },
  ].map(({ srcSet, sizes, media, type }) => ({
    tagName: 'link',
    rel: 'preload',
    as: 'image',
    imageSrcSet: srcSet,
    imageSizes: sizes,
    ...(media ? { media } : {}),
    ...(type ? { type } : {}),
    fetchPriority: 'high',
  }))
}
