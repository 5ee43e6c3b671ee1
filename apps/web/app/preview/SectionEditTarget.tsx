import { createDataAttribute } from '@sanity/visual-editing/create-data-attribute'
import type { ReactNode } from 'react'

/**
 * In a preview build, wraps a section in an element whose `data-sanity` attribute names the section in
 * its page, so the Studio's overlay outlines the whole section (images and layout included, not only its
 * text) and a click opens it. A production build renders the section alone.
 */
export function SectionEditTarget({
  documentId,
  sectionKey,
  children,
}: {
  documentId?: string
  sectionKey: string
  children: ReactNode
}) {
  if (import.meta.env.VITE_SANITY_PREVIEW !== 'true' || !documentId) return children
  const target = createDataAttribute({ id: documentId, type: 'page', path: ['sections', { _key: sectionKey }] })
  return <div data-sanity={target.toString()}>{children}</div>
}
