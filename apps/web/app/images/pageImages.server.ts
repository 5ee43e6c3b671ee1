import type { PageContent } from '../content/types'
import { resolveCoverImage } from './resolveImage.server'

/**
 * The page with each hero's background image resolved for rendering (`resolved`): its sources, sizes and
 * placeholder, made at build time by the site's image URL function. Done in the route's loader, so the
 * route's data file carries the same addresses as its HTML.
 */
export async function withResolvedImages(page: PageContent): Promise<PageContent> {
  if (!page.sections) return page
  const sections = await Promise.all(
    page.sections.map(async (section) => {
      if (section._type !== 'heroSection' || !section.backgroundImage) return section
      const resolved = await resolveCoverImage(section.backgroundImage)
      return resolved ? { ...section, backgroundImage: { ...section.backgroundImage, resolved } } : section
    }),
  )
  return { ...page, sections }
}
