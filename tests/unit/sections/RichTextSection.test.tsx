import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { RichTextSection } from '../../../apps/web/app/sections/RichTextSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('RichTextSection', () => {
  let mission: SectionOf<'richTextSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    mission = await seedSection('/about', 'richTextSection')
    settings = await seedSettings()
  })

  it('renders the eyebrow, heading and formatted body', () => {
    renderWithTheme(<RichTextSection section={mission} settings={settings} isPageHeading={false} />)
    expect(screen.getByText('Our mission')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Put Advisors in Front of the Right People')
    expect(screen.getByText(/^Financial advisors and insurance agents do important work\./)).toBeInTheDocument()
    const strong = screen.getByText('give every advisor a predictable flow of exclusive, qualified appointments')
    expect(strong.tagName).toBe('STRONG')
    expect(document.querySelector('section')).toHaveAttribute('id', 'mission')
  })

  it('renders the aside box with its title as h3 and its points as a list', () => {
    renderWithTheme(<RichTextSection section={mission} settings={settings} isPageHeading={false} />)
    const aside = screen.getByRole('heading', { level: 3, name: 'Who we serve' }).closest('aside')!
    const points = within(aside)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(points).toEqual(mission.aside!.points)
  })

  it('leaves the aside out when there is none', () => {
    renderWithTheme(<RichTextSection section={{ ...mission, aside: undefined }} settings={settings} isPageHeading />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(mission.heading!)
    expect(document.querySelector('aside')).toBeNull()
  })
})
