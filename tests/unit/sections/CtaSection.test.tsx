import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { CtaSection } from '../../../apps/web/app/sections/CtaSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('CtaSection', () => {
  let section: SectionOf<'ctaSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/', 'ctaSection')
    settings = await seedSettings()
  })

  it('renders heading, text, the CMS actions as links and the note', () => {
    renderWithTheme(<CtaSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Ready to Fill Your Calendar With Qualified Prospects?',
    )
    expect(screen.getByText(section.text!)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Book a Demo' })).toHaveAttribute('href', '/contact')
    expect(screen.getByRole('link', { name: 'See the App' })).toHaveAttribute('href', '/app')
    expect(screen.getByText('Month-to-month contracts. No long-term commitment.')).toBeInTheDocument()
  })

  it('renders the light tone with the same content, and the heading as h1 when it is the page heading', () => {
    renderWithTheme(<CtaSection section={{ ...section, tone: 'light' }} settings={settings} isPageHeading />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(section.heading!)
    expect(screen.getAllByRole('link')).toHaveLength(2)
  })
})
