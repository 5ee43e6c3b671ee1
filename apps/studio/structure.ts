import { RESOURCE_CATEGORIES } from '@site/schemas'
import type { StructureResolver } from 'sanity/structure'
import { studioEnv } from './studioEnv'

/**
 * The desk: Site settings first (a singleton that opens directly), then the documents marketing edits.
 * The order of FAQs, testimonials and comparison rows on the site is the order of the references in
 * the section that shows them: editors drag them there.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Website')
    .items([
      S.listItem()
        .title('Site settings')
        .id('siteSettings')
        .schemaType('siteSettings')
        .child(S.document().schemaType('siteSettings').documentId('siteSettings').title('Site settings')),
      S.divider(),
      S.documentTypeListItem('page').title('Pages'),
      S.listItem()
        .title('Resources')
        .schemaType('resource')
        .child(
          S.list()
            .title('Resources')
            .items([
              S.documentTypeListItem('resource').title('All resources'),
              S.divider(),
              ...RESOURCE_CATEGORIES.map((category) =>
                S.listItem()
                  .title(category === 'Guide' ? 'Guides' : `${category}s`)
                  .schemaType('resource')
                  .child(
                    S.documentList()
                      .title(category)
                      .schemaType('resource')
                      .apiVersion(studioEnv.apiVersion)
                      .filter('_type == "resource" && category == $category')
                      .params({ category })
                      .initialValueTemplates([S.initialValueTemplateItem('resource-by-category', { category })]),
                  ),
              ),
            ]),
        ),
      S.divider(),
      S.documentTypeListItem('testimonial').title('Testimonials'),
      S.documentTypeListItem('faq').title('FAQs'),
      S.documentTypeListItem('comparisonRow').title('Comparison rows'),
      S.documentTypeListItem('legalEmbed').title('Legal embeds'),
      S.divider(),
      S.documentTypeListItem('experiment').title('Experiments'),
      S.documentTypeListItem('redirect').title('Redirects'),
      S.listItem()
        .title('Lead routing')
        .id('leadRouting')
        .schemaType('leadRouting')
        .child(S.document().schemaType('leadRouting').documentId('leadRouting').title('Lead routing')),
      S.documentTypeListItem('campaignSpend').title('Campaign spend'),
    ])
