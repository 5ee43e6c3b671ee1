import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { FeatureGridSection } from '../../../apps/web/app/sections/FeatureGridSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('FeatureGridSection', () => {
  let settings: SiteSettings
  let homeGrid: SectionOf<'featureGridSection'>
  let funnelTypes: SectionOf<'featureGridSection'>
  let appExtras: SectionOf<'featureGridSection'>
  beforeAll(async () => {
    settings = await seedSettings()
    homeGrid = await seedSection('/', 'featureGridSection')
    funnelTypes = await seedSection('/funnels', 'featureGridSection', 1)
    appExtras = await seedSection('/app', 'featureGridSection', 1)
  })

  it('renders each card with its title as an h3, its description, its bullets and its link', () => {
    renderWithTheme(<FeatureGridSection section={homeGrid} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(homeGrid.heading!)
    const items = homeGrid.items ?? []
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      items.map((item) => item.title),
    )
    for (const item of items) {
      expect(screen.getByText(item.description!)).toBeInTheDocument()
      for (const feature of item.features ?? []) expect(screen.getByText(feature)).toBeInTheDocument()
      expect(screen.getByRole('link', { name: item.link!.label! })).toHaveAttribute('href', item.link!.href!)
    }
    expect(screen.getByRole('link', { name: 'Explore the App' })).toHaveAttribute('href', '/app')
    expect(screen.getByRole('link', { name: 'Get Your Webinar Strategy' })).toHaveAttribute('href', '/webinar-strategy')
  })

  it('numbered variant lists each card\u2019s bullets as ordered steps', () => {
    renderWithTheme(<FeatureGridSection section={funnelTypes} settings={settings} isPageHeading={false} />)
    const card = screen.getByRole('heading', { level: 3, name: 'Webinar Funnel' }).closest('li')!
    const steps = within(card).getByRole('list')
    expect(steps.tagName).toBe('OL')
    const expected = funnelTypes.items!.find((item) => item.title === 'Webinar Funnel')!.features!
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(expected)
  })

  it('compact variant shows every card without links when the CMS gives none', () => {
    renderWithTheme(<FeatureGridSection section={appExtras} settings={settings} isPageHeading={false} />)
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(appExtras.items!.length)
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('makes the heading the page h1 and the card titles h2 when it holds the page heading', () => {
    renderWithTheme(<FeatureGridSection section={appExtras} settings={settings} isPageHeading />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(appExtras.heading!)
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(appExtras.items!.length)
  })
})
