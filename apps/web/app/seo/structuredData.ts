import type { PageContent, ResourceContent, SiteSettings } from '../content/types'

type JsonLd = Record<string, unknown>

export function organizationJsonLd(settings: SiteSettings, siteUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.companyName,
    description: settings.description,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    email: settings.contactEmail,
    telephone: settings.contactPhone,
    slogan: settings.tagline,
  }
}

export function articleJsonLd(resource: ResourceContent, settings: SiteSettings, url: string, image: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: resource.title,
    description: resource.description,
    datePublished: resource.publishedAt,
    articleSection: resource.category,
    image,
    url,
    mainEntityOfPage: url,
    author: { '@type': 'Organization', name: settings.companyName },
    publisher: { '@type': 'Organization', name: settings.companyName },
    isAccessibleForFree: !resource.gated,
  }
}

/** FAQPage data for the questions a page shows in its FAQ sections, or undefined when it has none. */
export function faqJsonLd(page: PageContent): JsonLd | undefined {
  const questions = (page.sections ?? []).flatMap((section) =>
    section._type === 'faqSection' ? (section.items ?? []) : [],
  )
  if (questions.length === 0) return undefined
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}
