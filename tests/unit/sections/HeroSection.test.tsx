import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { HeroSection } from '../../../apps/web/app/sections/HeroSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('HeroSection', () => {
  let section: SectionOf<'heroSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/', 'heroSection')
    settings = await seedSettings()
  })

  it('renders the heading as the page h1 with the highlighted part, and the CMS actions', () => {
    renderWithTheme(<HeroSection section={section} settings={settings} isPageHeading />)
    const heading = screen.getByRole('heading', { level: 1 })
    expect(heading).toHaveTextContent(section.heading!)
    expect(heading.querySelector('span')).toHaveTextContent(section.highlight!)
    expect(screen.getByRole('link', { name: 'Book a Strategy Call' })).toHaveAttribute('href', '/contact')
    expect(screen.getByRole('link', { name: 'See How It Works' })).toHaveAttribute('href', '/app')
    for (const point of section.highlights ?? []) expect(screen.getByText(point)).toBeInTheDocument()
  })

  it('uses an h2 when another section holds the page heading', () => {
    renderWithTheme(<HeroSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(section.heading!)
  })
})
