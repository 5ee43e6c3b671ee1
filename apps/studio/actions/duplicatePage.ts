import type { DocumentActionComponent, DuplicateDocumentActionComponent, SanityDocumentLike } from 'sanity'

/**
 * The copy a page's duplicate starts as: every section and text of the original, named as a copy and with no
 * address (two pages cannot share one), so the editor gives it its own before it can be published.
 */
export function pageCopy(document: SanityDocumentLike): SanityDocumentLike {
  const { path: _path, ...rest } = document as SanityDocumentLike & { path?: unknown; title?: string }
  const title = typeof rest.title === 'string' && rest.title ? `${rest.title} (copy)` : 'Untitled page (copy)'
  return { ...rest, title }
}

/**
 * The Studio's own Duplicate action, offered on a page as "Duplicate this page": a campaign page usually
 * starts from one that works. The original action is wrapped (Sanity's documented way), with the copy above.
 */
export function asDuplicatePage(duplicate: DocumentActionComponent): DocumentActionComponent {
  const known = wrapped.get(duplicate)
  if (known) return known
  const original = duplicate as DuplicateDocumentActionComponent
  // biome-ignore lint/correctness/noComponentHookFactories: Sanity passes its duplicate action in and exports none to import; made once per original, the wrapper keeps its identity.
  const DuplicatePage: DocumentActionComponent = (props) => {
    const action = original({ ...props, mapDocument: pageCopy })
    if (!action) return action
    // The Studio's own label while it runs ("Duplicating…") or when it is disabled stays as it is.
    return { ...action, label: action.label === DUPLICATE_LABEL ? 'Duplicate this page' : action.label }
  }
  DuplicatePage.action = duplicate.action
  DuplicatePage.displayName = 'DuplicatePageAction'
  wrapped.set(duplicate, DuplicatePage)
  return DuplicatePage
}

const DUPLICATE_LABEL = 'Duplicate'
const wrapped = new WeakMap<DocumentActionComponent, DocumentActionComponent>()
