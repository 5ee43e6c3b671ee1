import type { ROUTE_QUERY_RESULT } from './sanity.types'

/** Types of what the route query returns, derived from the generated query result type. */
export type SiteSettings = NonNullable<ROUTE_QUERY_RESULT['settings']>
export type PageContent = NonNullable<ROUTE_QUERY_RESULT['page']>
export type ResourceContent = NonNullable<ROUTE_QUERY_RESULT['resource']>
export type Section = NonNullable<PageContent['sections']>[number]
export type SectionType = Section['_type']
export type SectionOf<T extends SectionType> = Extract<Section, { _type: T }>
export type LinkValue = NonNullable<SiteSettings['headerCta']>
