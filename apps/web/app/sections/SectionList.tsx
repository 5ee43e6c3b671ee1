import { Component, type ReactNode, Suspense } from 'react'
import type { Section, SiteSettings } from '../content/types'
import { StaticIsland } from '../islands/StaticIsland'
import { SectionEditTarget } from '../preview/SectionEditTarget'
import { type SectionEntry, sectionRegistry } from './registry'

type AnyEntry = SectionEntry<Section['_type']>

/** Renders a page's sections in order; an unknown or broken section is skipped, not the page. */
export function SectionList({
  sections,
  settings,
  documentId,
}: {
  sections: Section[] | null
  settings: SiteSettings
  documentId?: string
}) {
  const h1Index = pageHeadingIndex(sections ?? [])
  return (
    <>
      {sections?.map((section, index) => {
        const entry = sectionEntry(section)
        if (!entry) {
          console.warn(`Skipping section ${index} of unknown type "${section._type}"`)
          return null
        }
        const props = { section, settings, isPageHeading: index === h1Index }
        return (
          <SectionBoundary key={section._key} name={`${section._type} (${section._key})`}>
            <SectionEditTarget documentId={documentId} sectionKey={section._key}>
              {entry.interactive ? (
                <Suspense fallback={null}>
                  <entry.component.Component {...props} />
                </Suspense>
              ) : (
                <StaticIsland id={`section-${section._key}`} component={entry.component} props={props} />
              )}
            </SectionEditTarget>
          </SectionBoundary>
        )
      })}
    </>
  )
}

function sectionEntry(section: Section): AnyEntry | undefined {
  return Object.hasOwn(sectionRegistry, section._type) ? (sectionRegistry[section._type] as AnyEntry) : undefined
}

/** Whether any of the sections shows toasts (the registry says which do). */
export function showsToasts(sections: Section[] | null | undefined): boolean {
  return (sections ?? []).some((section) => sectionEntry(section)?.showsToasts)
}

/** Loads the modules of the sections a page shows, so that a client navigation renders them at once. */
export function preloadSections(sections: Section[] | null | undefined): Promise<unknown> {
  return Promise.all((sections ?? []).map((section) => sectionEntry(section)?.component.preload()))
}

/** The page's h1 is its hero's heading, or else the heading of its first section that has one. */
export function pageHeadingIndex(sections: Section[]): number {
  const hero = sections.findIndex((section) => section._type === 'heroSection')
  if (hero >= 0) return hero
  return sections.findIndex((section) => 'heading' in section && Boolean(section.heading))
}

class SectionBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    console.warn(`Skipping section ${this.props.name}: it failed to render`, error)
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}
