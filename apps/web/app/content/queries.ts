import { defineQuery } from 'groq'

/** Every route the site prerenders (page paths, resource slugs), the documents it embeds, and its redirects. */
// Every page and resource, with or without an address: one without is a mistake the build reports by name.
export const ROUTE_PATHS_QUERY = defineQuery(`{
  "pages": *[_type == "page"]{ _id, "path": path.current },
  "resources": *[_type == "resource"]{ _id, "slug": slug.current },
  "embedUrls": *[_type == "legalEmbed" && defined(documentUrl)].documentUrl,
  "redirects": *[_type == "redirect"]{ _id, from, to, permanent }
}`)

/**
 * The page and resource documents with these ids, or all of them when $ids is null: the publisher reads
 * the documents each route references from them (publish/routeDependencies.ts).
 */
export const ROUTE_DOCUMENTS_QUERY = defineQuery(`*[_type in ["page", "resource"] && ($ids == null || _id in $ids)]`)

/**
 * An image field (`imageAsset`, `articleImage`) as the site resolves it (app/images/resolveImage.server.ts):
 * as stored (the upload with its crop and hotspot, or a path), the address to show it at where nothing is
 * resolved (`src`), and the uploaded asset's size and placeholders.
 */
const IMAGE_FIELD = `
  ..., "src": coalesce(upload.asset->url, src),
  "asset": upload.asset->{ _id, url, metadata{ dimensions, lqip, palette{ dominant{ background } } } }
`

/** An item of rich text: an image reads its asset as any image field does; the rest as stored. */
const RICH_TEXT_ITEM = `..., _type == "articleImage" => { ${IMAGE_FIELD} }`

/** A section as the site renders it: the documents it references and its images resolved. */
const SECTION_FIELDS = `
      ...,
      _type == "testimonialsSection" => { testimonials[]->{ _id, metric, label, quote, role } },
      _type == "faqSection" => { items[]->{ _id, question, answer } },
      _type == "comparisonTableSection" => { rows[]->{ _id, feature, ourValue, competitorValue } },
      _type == "resourceGridSection" => {
        featured->{ _id, title, "slug": slug.current, category, description, publishedAt, readTime, coverImage{ ${IMAGE_FIELD} } },
        resources[]->{ _id, title, "slug": slug.current, category, description, publishedAt, readTime, coverImage{ ${IMAGE_FIELD} } }
      },
      _type == "legalDocumentSection" => { document->{ title, documentUrl } },
      _type == "heroSection" => { backgroundImage{ ${IMAGE_FIELD} } },
      _type in ["richTextSection", "disclosureSection"] => { body[]{ ${RICH_TEXT_ITEM} } }
`

/**
 * Everything one route renders — the site chrome, and the page or the resource at $path — in one query.
 * `_rev` names the revision a form's consent copy came from; a document of the tracked seed file that no
 * edit has touched yet has none, and says "seed" (its text is the file's, in git's history).
 * `giveawayEnded` is whether the giveaway had ended when the page was built (the page checks again as it runs).
 */
export const ROUTE_QUERY = defineQuery(`{
  "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{
    companyName, tagline, description, mainNavigation, headerCta, signInLabel, footerColumns, footerTagline,
    footerBlurb, bottomLinks, copyrightText, contactEmail, contactPhone, landingPhone, giveawayEndsAt,
    "giveawayEnded": dateTime(now()) >= dateTime(giveawayEndsAt), backToResourcesLabel, readTimeLabel, defaultShareImage{ ${IMAGE_FIELD} }, skipLinkLabel
  },
  "page": *[_type == "page" && path.current == $path][0]{
    _id, "_rev": coalesce(_rev, "seed"), title, "path": path.current, seo{ ..., image{ ${IMAGE_FIELD} } }, footer,
    sections[]{ ${SECTION_FIELDS} }
  },
  "resource": *[_type == "resource" && "/resources/" + slug.current == $path][0]{
    _id, "_rev": coalesce(_rev, "seed"), title, "slug": slug.current, category, description, publishedAt, readTime, featured, gated,
    seo{ ..., image{ ${IMAGE_FIELD} } }, coverImage{ ${IMAGE_FIELD} }, body[]{ ${RICH_TEXT_ITEM} }, gate, callToAction
  }
}`)

/**
 * The running experiments on a page (packages/schemas/src/lib/experimentRules.ts), each variant's whole
 * section read as the page's sections are.
 */
export const PAGE_EXPERIMENTS_QUERY =
  defineQuery(`*[_type == "experiment" && page._ref == $pageId && (status == "running" || _id == $asked)]
  | order(_id asc){
  _id, sectionKey, status, startsAt, endsAt, goal,
  variants[]{ key, label, weight, control, heading, text, ctaLabel, replacement[]{ ${SECTION_FIELDS} } }
}`)

/** Every running experiment with its page's path: what the build prerenders a variant of, and the server splits. */
export const RUNNING_EXPERIMENTS_QUERY = defineQuery(`*[_type == "experiment" && status == "running"] | order(_id asc){
  _id, sectionKey, startsAt, endsAt, "path": page->path.current, variants[]{ key, weight, control }
}`)
