import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { ResourceGridSection } from '../../../apps/web/app/sections/ResourceGridSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('ResourceGridSection', () => {
  let section: SectionOf<'resourceGridSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/resources', 'resourceGridSection')
    settings = await seedSettings()
  })

  it('renders the featured guide as a large card linking to its article', () => {
    renderWithTheme(<ResourceGridSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Guides, Articles and Training')
    const featured = screen.getByRole('article')
    expect(within(featured).getByText('Featured Guide')).toBeInTheDocument()
    expect(within(featured).getByRole('heading', { level: 3 })).toHaveTextContent(
      'How to Scale Your Advisory Practice to $100M+ AUM',
    )
    expect(within(featured).getByRole('link')).toHaveAttribute('href', '/resources/scaling-guide')
    expect(within(featured).getByText('April 2025')).toHaveAttribute('datetime', '2025-04-01')
    expect(within(featured).getByText('15 min read')).toBeInTheDocument()
  })

  it('renders the eight resource cards, each with one link (its title) to /resources/<slug>', () => {
    renderWithTheme(<ResourceGridSection section={section} settings={settings} isPageHeading={false} />)
    const cards = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(cards).toHaveLength(8)
    for (const [index, card] of cards.entries()) {
      const resource = section.resources![index]!
      const links = within(card).getAllByRole('link')
      expect(links).toHaveLength(1)
      expect(links[0]).toHaveAccessibleName(resource.title!)
      expect(links[0]).toHaveAttribute('href', `/resources/${resource.slug}`)
      expect(within(card).getByRole('heading', { level: 3 })).toContainElement(links[0]!)
      expect(card).toHaveTextContent(resource.category!)
      expect(card).toHaveTextContent(resource.description!)
      expect(card).toHaveTextContent('Read More')
    }
  })

  it('shows each card’s month-and-year date and read time', () => {
    renderWithTheme(<ResourceGridSection section={section} settings={settings} isPageHeading={false} />)
    const first = within(screen.getByRole('list')).getAllByRole('listitem')[0]!
    expect(within(first).getByText('March 2025')).toHaveAttribute('datetime', '2025-03-01')
    expect(within(first).getByText('9 min read')).toBeInTheDocument()
    const second = within(screen.getByRole('list')).getAllByRole('listitem')[1]!
    expect(within(second).getByText('November 2024')).toBeInTheDocument()
  })
})
