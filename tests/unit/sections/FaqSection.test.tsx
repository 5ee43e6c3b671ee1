import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { FaqSection } from '../../../apps/web/app/sections/FaqSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('FaqSection', () => {
  let section: SectionOf<'faqSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/', 'faqSection')
    settings = await seedSettings()
  })

  const disclosures = () => [...document.querySelectorAll('details')]

  it('renders each question as the summary of a native disclosure, its text an h3, its answer inside', () => {
    renderWithTheme(<FaqSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Frequently Asked Questions')
    const items = section.items!
    expect(items).toHaveLength(6)
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      items.map((item) => item.question),
    )
    expect(disclosures()).toHaveLength(6)
    disclosures().forEach((details, index) => {
      expect(details.querySelector(':scope > summary h3')).toHaveTextContent(items[index]!.question!)
      expect(details.querySelector(':scope > p')).toHaveTextContent(items[index]!.answer!)
    })
  })

  it('makes one exclusive accordion: every disclosure shares one name, and all start collapsed', () => {
    renderWithTheme(<FaqSection section={section} settings={settings} isPageHeading={false} />)
    const names = new Set(disclosures().map((details) => details.getAttribute('name')))
    expect(names.size).toBe(1)
    expect([...names][0]).toMatch(/\S/)
    for (const details of disclosures()) expect(details.open).toBe(false)
  })

  it('opens an answer when its question is clicked, and closes it when clicked again', async () => {
    const user = userEvent.setup()
    renderWithTheme(<FaqSection section={section} settings={settings} isPageHeading={false} />)
    const first = disclosures()[0]!
    await user.click(first.querySelector('summary')!)
    expect(first.open).toBe(true)
    await user.click(first.querySelector('summary')!)
    expect(first.open).toBe(false)
  })

  it('on a page whose first section it is, the questions are h2 under its h1', () => {
    renderWithTheme(<FaqSection section={section} settings={settings} isPageHeading />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Frequently Asked Questions')
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(6)
  })
})
