import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { PricingSection } from '../../../apps/web/app/sections/PricingSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('PricingSection', () => {
  let section: SectionOf<'pricingSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/ad-funnels', 'pricingSection')
    settings = await seedSettings()
  })

  it('renders the plan, price, note, features, guarantee, action and footnote from the CMS', () => {
    const { container } = renderWithTheme(
      <PricingSection section={section} settings={settings} isPageHeading={false} />,
    )
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Build & Release Funnel Package')
    expect(screen.getByText('$5,000')).toBeInTheDocument()
    expect(screen.getByText('one-time')).toBeInTheDocument()
    const features = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(features).toEqual(section.features)
    expect(features).toHaveLength(8)
    expect(screen.getByText(section.guarantee!)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact')
    expect(screen.getByText('Delivered in 2-3 weeks with unlimited revisions.')).toBeInTheDocument()
    expect(container.querySelector('del, s')).toBeNull()
  })

  it('crosses out the original price when there is one', () => {
    const { container } = renderWithTheme(
      <PricingSection
        section={{ ...section, originalPrice: '$97', price: '$27' }}
        settings={settings}
        isPageHeading={false}
      />,
    )
    const struck = container.querySelector('del')
    expect(struck).toHaveTextContent('$97')
    expect(within(struck!.parentElement!).getByText('$27')).toBeInTheDocument()
  })
})
