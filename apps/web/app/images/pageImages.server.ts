import type { PageContent, ResourceContent, SiteSettings } from '../content/types'
import { malformedContentPolicy } from '../content/validation/policy'
import { describeProblem, formatPath, MalformedContentError } from '../content/validation/problems'
import type { ResolvedImage, ResolvedShareImage } from './resolvedImage'
import {
  type ImageFieldValue,
  type ImageLayout,
  resolveCoverImage,
  resolveImage,
  resolveShareImage,
} from './resolveImage.server'

/**
 * Where each kind of image is drawn, for its `srcset` and `sizes` (the theme's breakpoints and widths: the
 * narrow column is 760 px, the page 1200 px, with gutters of 1 to 2 rem).
 */
export const IMAGE_LAYOUTS = {
  /** An article's cover: a 16:9 frame under its title, up to 960 px wide. */
  articleCover: { sizes: '(min-width: 1040px) 960px, calc(100vw - 2rem)', aspectRatio: 16 / 9, maxWidth: 1920 },
  /** An image in rich text: the text column's width, the editor's crop as it is. */
  articleImage: { sizes: '(min-width: 800px) 720px, calc(100vw - 2rem)', maxWidth: 1600 },
  /** A resource card: a 16:9 frame at the top of a card of the library's grid (one, two or four columns). */
  resourceCard: {
    sizes: '(min-width: 1200px) 270px, (min-width: 600px) calc(50vw - 3rem), calc(100vw - 2rem)',
    aspectRatio: 16 / 9,
    maxWidth: 1024,
  },
  /** The featured resource: its card's right-hand column (16 rem) from the md breakpoint, cut by CSS. */
  featuredResource: { sizes: '16rem', aspectRatio: 3 / 4, maxWidth: 640 },
} as const satisfies Record<string, ImageLayout>

/**
 * The page with each image resolved for rendering (`resolved`): hero backgrounds, resource cards' covers
 * and images in rich text, with their sources, sizes and placeholders made at build time by the site's
 * image URL function. Done in the route's loader, so the route's data file carries the same addresses as
 * its HTML.
 */
export async function withResolvedImages(page: PageContent): Promise<PageContent> {
  if (!page.sections) return page
  const document = `page "${page._id}"`
  const sections = await Promise.all(
    page.sections.map(async (section, index) => {
      const at = (...path: PropertyKey[]) => formatPath(['sections', index, ...path], page)
      if (section._type === 'heroSection' && section.backgroundImage) {
        const image = section.backgroundImage
        const resolved = await resolving(document, at('backgroundImage'), () => resolveCoverImage(image))
        return resolved ? { ...section, backgroundImage: { ...image, resolved } } : section
      }
      if (section._type === 'resourceGridSection') {
        const card = <T extends { coverImage?: ImageFieldValue | null }>(resource: T, path: PropertyKey[]) =>
          withImage(resource, 'coverImage', document, at(...path, 'coverImage'), IMAGE_LAYOUTS.resourceCard)
        return {
          ...section,
          featured:
            section.featured &&
            (await withImage(
              section.featured,
              'coverImage',
              document,
              at('featured', 'coverImage'),
              IMAGE_LAYOUTS.featuredResource,
            )),
          resources: await Promise.all(section.resources.map((resource, item) => card(resource, ['resources', item]))),
        }
      }
      if (section._type === 'richTextSection' || section._type === 'disclosureSection') {
        return { ...section, body: await withBodyImages(section.body, document, (item) => at('body', item)) }
      }
      return section
    }),
  )
  return { ...page, sections }
}

/** The resource with its cover and the images of its text resolved, as `withResolvedImages` does a page's. */
export async function withResolvedResourceImages(resource: ResourceContent): Promise<ResourceContent> {
  const document = `resource "${resource._id}"`
  const withCover = await withImage(resource, 'coverImage', document, 'coverImage', IMAGE_LAYOUTS.articleCover)
  const body = await withBodyImages(resource.body, document, (item) => formatPath(['body', item], resource))
  return { ...withCover, body }
}

/**
 * The image a link to this route previews with: the page's or the resource's own share image (SEO), else an
 * article's cover, else the site's default share image, else the site's own `/og-default.png`; cut to
 * 1200×630 around the hotspot (`resolveShareImage`), its alternative text beside it.
 */
export async function routeShareImage(
  settings: SiteSettings,
  page: PageContent | null,
  resource: ResourceContent | null,
): Promise<ResolvedShareImage | undefined> {
  const owner = resource ? `resource "${resource._id}"` : page ? `page "${page._id}"` : ''
  type Candidate = [document: string, path: string, image: ImageFieldValue & { alt?: string | null }]
  const own = (resource ?? page)?.seo?.image
  const candidates: Candidate[] = [
    ...(own ? [[owner, 'seo.image', own] satisfies Candidate] : []),
    ...(resource?.coverImage ? [[owner, 'coverImage', resource.coverImage] satisfies Candidate] : []),
    ...(settings.defaultShareImage
      ? [['site settings "siteSettings"', 'defaultShareImage', settings.defaultShareImage] satisfies Candidate]
      : []),
    ['the site', '', { src: '/og-default.png' }],
  ]
  for (const [document, path, image] of candidates) {
    const resolved = await resolving(document, path, () => resolveShareImage(image))
    if (resolved) return image.alt ? { ...resolved, alt: image.alt } : resolved
  }
  return undefined
}

type ImageItem = { _type: string }

/** Rich text with each image item (`articleImage`) resolved for the text column. */
async function withBodyImages<T extends ImageItem>(
  body: T[],
  document: string,
  at: (item: number) => string,
): Promise<T[]> {
  return Promise.all(
    body.map(async (item, index) => {
      if (item._type !== 'articleImage') return item
      const image = item as T & ImageFieldValue
      const resolved = await resolving(document, at(index), () => resolveImage(image, IMAGE_LAYOUTS.articleImage))
      return resolved ? { ...item, resolved } : item
    }),
  )
}

async function withImage<T extends object, K extends keyof T & string>(
  owner: T,
  field: K,
  document: string,
  path: string,
  layout: ImageLayout,
): Promise<T> {
  const value = owner[field] as ImageFieldValue | null | undefined
  if (!value) return owner
  const resolved = await resolving(document, path, () => resolveImage(value, layout))
  return resolved ? { ...owner, [field]: { ...value, resolved } } : owner
}

/**
 * An image that cannot be made (its file is missing, its upload unreadable) is a content problem named by
 * its document and field: the build fails with it; the dev server logs it and shows the page without it.
 */
async function resolving<T extends ResolvedImage | ResolvedShareImage>(
  document: string,
  path: string,
  resolve: () => Promise<T | undefined>,
): Promise<T | undefined> {
  try {
    return await resolve()
  } catch (error) {
    const problem = { document, path, message: error instanceof Error ? error.message : String(error) }
    if (malformedContentPolicy() === 'fail') throw new MalformedContentError([problem])
    console.error(`${describeProblem(problem)} (the image is left out of the page)`)
    return undefined
  }
}

/**
 * The head's share tags beside `og:image` (which `routeMeta` writes, with `twitter:image`): the image's
 * size, type and alternative text, for the values there are; `image` is its absolute address.
 */
export function shareImageMeta(share: ResolvedShareImage | undefined, siteUrl: string) {
  if (!share) return null
  const image = share.url.startsWith('/') ? `${siteUrl}${share.url}` : share.url
  const tags = Object.entries({
    'og:image:type': share.type,
    'og:image:width': share.width,
    'og:image:height': share.height,
    'og:image:alt': share.alt,
    'twitter:image:alt': share.alt,
  }).flatMap(([tag, content]) =>
    content === undefined ? [] : [{ [tag.startsWith('og:') ? 'property' : 'name']: tag, content: `${content}` }],
  )
  return { image, tags }
}
