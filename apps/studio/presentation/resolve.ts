import { getPublishedId } from 'sanity'
import {
  type DocumentLocationResolvers,
  type DocumentResolver,
  defineDocuments,
  defineLocations,
} from 'sanity/presentation'

/** Where the site publishes a resource: /resources/<slug>. */
export const resourceHref = (slug: string) => `/resources/${slug}`

/** The site's own route normalisation (apps/web routeContent.server.ts): lower case, no trailing slash. */
export function normaliseRoutePath(pathname: string): string {
  const lower = pathname.toLowerCase().replace(/\/+$/, '')
  return lower === '' ? '/' : lower
}

/** The document the Presentation tool opens beside the preview, for the URL shown in it. */
export const mainDocuments: DocumentResolver[] = defineDocuments([
  {
    route: '/resources/:slug',
    filter: `_type == "resource" && slug.current == $slug`,
  },
  {
    // Any other path is a page; its `path` field holds the whole route ("/" for the home page).
    route: '/:segments*',
    resolve: ({ path }) => ({
      filter: `_type == "page" && path.current == $path`,
      params: { path: normaliseRoutePath(path) },
    }),
  },
])

/** The pages the Presentation tool offers for a document ("Used on …"). */
export const locations: DocumentLocationResolvers = {
  page: defineLocations({
    select: { title: 'title', path: 'path.current' },
    resolve: (page) =>
      page?.path ? { locations: [{ title: page.title || page.path, href: normaliseRoutePath(page.path) }] } : null,
  }),
  resource: defineLocations({
    select: { title: 'title', slug: 'slug.current' },
    resolve: (resource) =>
      resource?.slug
        ? {
            locations: [
              { title: resource.title || resource.slug, href: resourceHref(resource.slug) },
              { title: 'Resources', href: '/resources' },
            ],
          }
        : null,
  }),
  // Each variant on its page, on the preview site (a dev server): looked at before the experiment runs.
  experiment: defineLocations({
    select: { id: '_id', title: 'title', path: 'page.path.current', variants: 'variants' },
    resolve: (experiment) => {
      const path = experiment?.path
      if (!path) return null
      const id = getPublishedId(experiment.id)
      const variants = (experiment.variants ?? []) as { key?: string; label?: string; control?: boolean }[]
      return {
        locations: variants.flatMap(({ key, label, control }) =>
          key
            ? [
                {
                  title: `${label || key}${control ? ' (control)' : ''}`,
                  href: `${normaliseRoutePath(path)}?experiment=${encodeURIComponent(id)}&variant=${encodeURIComponent(key)}`,
                },
              ]
            : [],
        ),
      }
    },
  }),
  siteSettings: {
    message: 'Header, footer and contact details: shown on every page',
    tone: 'positive',
    locations: [{ title: 'Home', href: '/' }],
  },
}
