import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { ChallengeSolutionSection } from '../../../apps/web/app/sections/ChallengeSolutionSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('ChallengeSolutionSection', () => {
  let section: SectionOf<'challengeSolutionSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/', 'challengeSolutionSection')
    settings = await seedSettings()
  })

  it('sets the challenges against the solutions, each column headed by its CMS title', () => {
    renderWithTheme(<ChallengeSolutionSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(section.heading!)
    const challengeColumn = screen.getByRole('heading', { level: 3, name: 'The Challenge' }).parentElement!
    const solutionColumn = screen.getByRole('heading', { level: 3, name: 'The AdvisorGrowth Solution' }).parentElement!
    expect(
      within(challengeColumn)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(section.challenges)
    expect(
      within(solutionColumn)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(section.solutions)
  })

  it('hides the decorative icons and links where the CMS says', () => {
    const { container } = renderWithTheme(
      <ChallengeSolutionSection section={section} settings={settings} isPageHeading={false} />,
    )
    for (const icon of container.querySelectorAll('svg')) expect(icon).toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByRole('link', { name: 'Talk to a Growth Strategist' })).toHaveAttribute('href', '/contact')
  })
})
