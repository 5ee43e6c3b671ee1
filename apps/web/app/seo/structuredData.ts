import type { Article, FAQPage, Organization, WithContext } from 'schema-dts'
import type { PageContent, ResourceContent, SiteSettings } from '../content/types'

// Typed by schema-dts: a property schema.org does not define, or a value of the wrong kind, fails the type check.
// Content fields may be null in the generated types; JSON-LD leaves an absent value out.
const present = <T>(value: T | null | undefined): T | undefined => value ?? undefined

export function organizationJsonLd(settings: SiteSettings, siteUrl: string): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: present(settings.companyName),
    description: present(settings.description),
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    email: present(settings.contactEmail),
    telephone: present(settings.contactPhone),
    slogan: present(settings.tagline),
  }
}

export function articleJsonLd(
  resource: ResourceContent,
  settings: SiteSettings,
  url: string,
  image: string,
): WithContext<Article> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: present(resource.title),
    description: present(resource.description),
    datePublished: present(resource.publishedAt),
    articleSection: present(resource.category),
    image,
    url,
    mainEntityOfPage: url,
    author: { '@type': 'Organization', name: present(settings.companyName) },
    publisher: { '@type': 'Organization', name: present(settings.companyName) },
    isAccessibleForFree: !resource.gated,
  }
}

/** FAQPage data for the questions a page shows in its FAQ sections, or undefined when it has none. */
export function faqJsonLd(page: PageContent): WithContext<FAQPage> | undefined {
  const questions = (page.sections ?? []).flatMap((section) =>
    section._type === 'faqSection' ? (section.items ?? []) : [],
  )
  if (questions.length === 0) return undefined
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((item) => ({
      '@type': 'Question',
      name: present(item.question),
      acceptedAnswer: { '@type': 'Answer', text: present(item.answer) },
    })),
  }
}
