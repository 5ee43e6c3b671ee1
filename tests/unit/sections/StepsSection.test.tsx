import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { StepsSection } from '../../../apps/web/app/sections/StepsSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('StepsSection', () => {
  let settings: SiteSettings
  let timeline: SectionOf<'stepsSection'>
  let cards: SectionOf<'stepsSection'>
  let list: SectionOf<'stepsSection'>
  beforeAll(async () => {
    settings = await seedSettings()
    timeline = await seedSection('/webinar-strategy', 'stepsSection')
    cards = await seedSection('/app', 'stepsSection')
    list = await seedSection('/sales-guide-offer', 'stepsSection')
  })

  const stepList = () => screen.getAllByRole('list').find((element) => element.tagName === 'OL')!

  it.each([
    ['timeline', () => timeline, 6],
    ['cards', () => cards, 4],
    ['list', () => list, 8],
  ] as const)(
    '%s variant: one ordered list item per step, with label, h3 title and description',
    (_variant, get, count) => {
      const section = get()
      renderWithTheme(<StepsSection section={section} settings={settings} isPageHeading={false} />)
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(section.heading!)
      const steps = within(stepList())
        .getAllByRole('listitem')
        .filter((li) => li.parentElement === stepList())
      expect(steps).toHaveLength(count)
      section.steps!.forEach((step, index) => {
        const item = within(steps[index]!)
        expect(item.getByText(step.label!)).toBeInTheDocument()
        expect(item.getByRole('heading', { level: 3 })).toHaveTextContent(step.title!)
        expect(item.getByText(step.description!)).toBeInTheDocument()
      })
    },
  )

  it('lists each step\u2019s points', () => {
    renderWithTheme(<StepsSection section={cards} settings={settings} isPageHeading={false} />)
    const step = screen.getByRole('heading', { level: 3, name: 'Enrich & Research' }).closest('li')!
    const points = within(step).getByRole('list')
    expect(
      within(points)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Age, assets and life stage', 'Automatic lead scoring'])
  })

  it('shows the optional link, and none when absent', () => {
    const { unmount } = renderWithTheme(<StepsSection section={timeline} settings={settings} isPageHeading={false} />)
    expect(screen.queryByRole('link')).toBeNull()
    unmount()
    const link = { _type: 'link' as const, label: 'Get Your Webinar Strategy', href: '/contact' }
    renderWithTheme(<StepsSection section={{ ...timeline, link }} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('link', { name: 'Get Your Webinar Strategy' })).toHaveAttribute('href', '/contact')
  })
})
