import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { RulesSection } from '../../../apps/web/app/sections/RulesSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('RulesSection', () => {
  let section: SectionOf<'rulesSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/conference-giveaway', 'rulesSection')
    settings = await seedSettings()
  })

  it('renders the eyebrow, heading, intro and every rule in order in a numbered list', () => {
    renderWithTheme(<RulesSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByText('Official rules')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('How the Giveaway Works')
    expect(screen.getByText('Please read the rules before entering.')).toBeInTheDocument()
    const list = screen.getByRole('list')
    expect(list.tagName).toBe('OL')
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual(section.rules)
    expect(items[0]).toBe('One entry per person.')
  })
})
