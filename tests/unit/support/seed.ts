import { fetchRouteContent } from '../../../apps/web/app/content/routeContent.server'
import type {
  PageContent,
  ResourceContent,
  SectionOf,
  SectionType,
  SiteSettings,
} from '../../../apps/web/app/content/types'

/**
 * Seed content as the site receives it: the real route query, through @sanity/client, answered by
 * msw's copy of the embedded query API over content/seed.ndjson.
 */
export async function loadRoute(path: string): Promise<{
  settings: SiteSettings
  page: PageContent | null
  resource: ResourceContent | null
}> {
  const { settings, page, resource } = await fetchRouteContent(path)
  if (!settings) throw new Error('The seed has no siteSettings document')
  return { settings, page, resource }
}

export async function seedSettings(): Promise<SiteSettings> {
  return (await loadRoute('/')).settings
}

/** The `index`-th section of `type` on the page at `path`. */
export async function seedSection<T extends SectionType>(path: string, type: T, index = 0): Promise<SectionOf<T>> {
  const { page } = await loadRoute(path)
  const found = (page?.sections ?? []).filter((section): section is SectionOf<T> => section._type === type)[index]
  if (!found) throw new Error(`No ${type} #${index} on ${path}`)
  return found
}
