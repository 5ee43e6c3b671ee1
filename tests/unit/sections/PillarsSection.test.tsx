import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { PillarsSection } from '../../../apps/web/app/sections/PillarsSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('PillarsSection', () => {
  let section: SectionOf<'pillarsSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/', 'pillarsSection')
    settings = await seedSettings()
  })

  it('renders the three pillars with label, title, description and features', () => {
    renderWithTheme(<PillarsSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Three Pillars of Predictable Growth')
    const pillars = section.pillars ?? []
    expect(pillars.map((pillar) => pillar.label)).toEqual(['Sales Technology', 'Build & Release', 'Rocket'])
    for (const pillar of pillars) {
      const card = screen.getByRole('heading', { level: 3, name: pillar.title }).closest('li')!
      expect(within(card).getByText(pillar.label!)).toBeInTheDocument()
      expect(within(card).getByText(pillar.description!)).toBeInTheDocument()
      const features = within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
      expect(features).toEqual(pillar.features)
    }
  })

  it('links to the page the CMS names', () => {
    renderWithTheme(<PillarsSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('link', { name: 'Explore All Solutions' })).toHaveAttribute('href', '/solutions')
  })

  it('omits the link when there is none', () => {
    renderWithTheme(
      <PillarsSection section={{ ...section, link: undefined }} settings={settings} isPageHeading={false} />,
    )
    expect(screen.queryByRole('link')).toBeNull()
  })
})
