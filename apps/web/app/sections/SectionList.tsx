import { Component, type ReactNode } from 'react'
import type { Section, SiteSettings } from '../content/types'
import { SectionEditTarget } from '../preview/SectionEditTarget'
import { sectionComponents, type SectionComponent } from './registry'

/** Renders a page's sections in order; an unknown or broken section is skipped, not the page. */
export function SectionList({ sections, settings, documentId }: { sections: Section[] | null; settings: SiteSettings; documentId?: string }) {
  const h1Index = pageHeadingIndex(sections ?? [])
  return (
    <>
      {sections?.map((section, index) => {
        const Render = sectionComponents[section._type] as SectionComponent<Section> | undefined
        if (!Render) {
          console.warn(`Skipping section ${index} of unknown type "${section._type}"`)
          return null
        }
        return (
          <SectionBoundary key={section._key} name={`${section._type} (${section._key})`}>
            <SectionEditTarget documentId={documentId} sectionKey={section._key}>
              <Render section={section} settings={settings} isPageHeading={index === h1Index} />
            </SectionEditTarget>
          </SectionBoundary>
        )
      })}
    </>
  )
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
