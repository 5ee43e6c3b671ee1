import type { LeadConsent } from '@site/leads/context'
import { createContext, useContext } from 'react'
import { withoutStega } from '../../preview/withoutStega'

/**
 * The CMS document a route renders (its `_id` and `_rev`, from the route query): a form's consent record
 * names the document and revision its copy came from, so an edit published later never changes it.
 */
export interface ContentSource {
  documentId: string
  documentRev: string
}

export const ContentSourceContext = createContext<ContentSource | undefined>(undefined)

export function useContentSource(): ContentSource | undefined {
  return useContext(ContentSourceContext)
}

/** The consent record of copy shown by a form, or undefined without copy or without its document. */
export function consentFrom(
  source: ContentSource | undefined,
  copy: { kind: LeadConsent['kind']; text: string | null | undefined; field: string; checked?: boolean },
): LeadConsent | undefined {
  // The copy as the visitor read it (a preview build's invisible edit markers removed).
  const text = withoutStega(copy.text)
  if (!source || !text?.trim()) return undefined
  return {
    kind: copy.kind,
    text,
    field: copy.field,
    documentId: source.documentId,
    documentRev: source.documentRev,
    ...(copy.checked === undefined ? {} : { checked: copy.checked }),
  }
}
