import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { DisclosureSection } from '../../../apps/web/app/sections/DisclosureSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('DisclosureSection', () => {
  let section: SectionOf<'disclosureSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/conference-giveaway', 'disclosureSection')
    settings = await seedSettings()
  })

  it('renders the heading and the small-print paragraphs from the CMS', () => {
    renderWithTheme(<DisclosureSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Giveaway Disclosure')
    expect(screen.getByText(/^No purchase necessary\. This giveaway is sponsored by AdvisorGrowth/)).toBeInTheDocument()
    expect(screen.getByText(/Void where prohibited\.$/)).toBeInTheDocument()
    expect(document.querySelectorAll('p')).toHaveLength(2)
  })
})
