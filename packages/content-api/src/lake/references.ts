import type { SanityDocument } from '../dataset'
import { isPublishedId } from './persistence'

/**
 * The ids a document references strongly: every `_ref` in it that is not weak (`_weak: true`) and not to
 * another dataset or project (https://www.sanity.io/docs/reference-type).
 */
export function strongReferences(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) strongReferences(item, found)
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>
    const local = record._dataset === undefined && record._projectId === undefined
    if (typeof record._ref === 'string' && record._weak !== true && local) found.add(record._ref)
    for (const child of Object.values(record)) strongReferences(child, found)
  }
  return found
}

/**
 * For each deleted id that documents of the new state still reference strongly, those documents' ids: what
 * Sanity refuses with documentHasExistingReferencesError. References name published ids, so a transaction
 * that deletes only drafts or versions (every publish does) is not checked.
 */
export function referencesToDeleted(deleted: string[], remaining: Iterable<SanityDocument>): Map<string, string[]> {
  const blocked = new Map<string, string[]>()
  const published = new Set(deleted.filter(isPublishedId))
  if (published.size === 0) return blocked
  for (const document of remaining) {
    for (const id of strongReferences(document)) {
      if (published.has(id)) blocked.set(id, [...(blocked.get(id) ?? []), document._id])
    }
  }
  return blocked
}
