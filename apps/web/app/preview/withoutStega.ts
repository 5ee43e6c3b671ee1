import { stegaClean } from '@sanity/client/stega'

/** Head tags (title, description, JSON-LD) need the clean text; only a preview build has stega to remove. */
export function withoutStega<T>(value: T): T {
  if (import.meta.env.VITE_SANITY_PREVIEW !== 'true') return value
  return stegaClean(value) as T
}
