import type { SectionOf, SectionType, SiteSettings } from '../content/types'

/** What every section component receives. `isPageHeading`: its heading is the page's h1 (headingLevels). */
export type SectionProps<T extends SectionType> = {
  section: SectionOf<T>
  settings: SiteSettings
  isPageHeading: boolean
}
