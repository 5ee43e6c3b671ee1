import { validatePagePath, validateSlugFormat } from '@site/schemas/addressRules'
import { validateRedirectFrom, validateRedirectTo } from '@site/schemas/redirectRules'
import { z } from 'zod'
import {
  httpsUrl,
  isoDate,
  isoDateTime,
  keyedArray,
  link,
  linkList,
  oneOf,
  projectedString,
  requiredString,
  urlPath,
} from './builders'
import { callToAction, footerColumn, resourceGate, seo } from './objects'
import { richText } from './richText'
import { pageSection } from './sections'

/**
 * What ROUTE_QUERY and ROUTE_PATHS_QUERY (app/content/queries.ts) return. Their projections name every
 * field, so a field left empty in the Studio comes back as null rather than missing.
 */

export const siteSettings = z.object({
  companyName: requiredString(),
  tagline: requiredString(),
  description: requiredString(),
  mainNavigation: linkList({ min: 1 }),
  headerCta: link,
  signInLabel: requiredString(),
  footerColumns: keyedArray(footerColumn, { min: 1 }),
  footerTagline: projectedString(),
  footerBlurb: projectedString(),
  bottomLinks: linkList().nullable(),
  copyrightText: requiredString(),
  contactEmail: requiredString(),
  contactPhone: requiredString(),
  landingPhone: projectedString(),
  giveawayEndsAt: isoDateTime(),
  backToResourcesLabel: requiredString(),
  readTimeLabel: requiredString(),
  defaultShareImage: urlPath().nullable(),
  skipLinkLabel: requiredString(),
})

export const page = z.object({
  _id: z.string(),
  title: requiredString(),
  path: requiredString(),
  seo,
  footer: oneOf(['full', 'simple']),
  sections: z.array(pageSection).nullable(),
})

export const resource = z
  .object({
    _id: z.string(),
    title: requiredString(),
    slug: requiredString(),
    category: oneOf(['Guide', 'Article', 'Training Guide']),
    description: requiredString(),
    publishedAt: isoDate(),
    readTime: z.int().min(0), // the Studio's `positive()`, which accepts zero
    featured: z.boolean().nullable(),
    gated: z.boolean().nullable(),
    seo,
    body: richText,
    gate: resourceGate.nullable(),
    callToAction: callToAction.nullable(),
  })
  .superRefine((value, context) => {
    if (value.gated && !value.gate) {
      context.addIssue({ code: 'custom', path: ['gate'], message: 'Gated resources need the access form copy' })
    }
  })

export const routeContent = z.object({
  settings: siteSettings.nullable(),
  page: page.nullable(),
  resource: resource.nullable(),
})

/** A required address that follows one of the schema's own rules (the Studio shows the same message). */
const address = (rule: (value: string) => true | string) =>
  requiredString().superRefine((value, context) => {
    const verdict = rule(value)
    if (verdict !== true) context.addIssue({ code: 'custom', message: verdict })
  })

export const routePaths = z.object({
  pages: z.array(z.object({ _id: z.string(), path: address(validatePagePath) })),
  resources: z.array(z.object({ _id: z.string(), slug: address(validateSlugFormat) })),
  embedUrls: z.array(httpsUrl()),
  redirects: z.array(
    z.object({
      _id: z.string(),
      from: address(validateRedirectFrom),
      to: address(validateRedirectTo),
      permanent: z.boolean().nullable(),
    }),
  ),
})
