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
      /**
       * The link preview's image as the loader resolved it (images/pageImages.server.ts): its absolute
       * address, and its other tags (size, type, alternative text), made there so this code stays small.
       */
      share?: { image: string; tags: { property?: string; name?: string; content: string }[] } | null
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
  const image = data.share?.image ?? `${siteUrl}/og-default.png`
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
    ...heroImagePreload(page, resource),
    { property: 'og:type', content: resource ? 'article' : 'website' },
    { property: 'og:site_name', content: company },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    ...(data.share?.tags ?? []),
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
function heroImagePreload(page: PageContent | null, resource: ResourceContent | null): MetaDescriptor[] {
  const hero = page?.sections?.find((section): section is SectionOf<'heroSection'> => section._type === 'heroSection')
  // An article's cover is its first picture, above the fold, as a hero's is (one art direction).
  const image = resolvedImageOf(hero?.backgroundImage) ?? resolvedImageOf(resource?.coverImage)
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
