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

  const question = (name: string) => screen.getByRole('button', { name })
  const answerOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!

  it('renders each question as a button inside an h3, controlling an answer region labelled by it', () => {
    renderWithTheme(<FaqSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Frequently Asked Questions')
    const items = section.items!
    expect(items).toHaveLength(6)
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      items.map((item) => item.question),
    )
    for (const item of items) {
      const button = question(item.question!)
      expect(button.closest('h3')).not.toBeNull()
      const answer = answerOf(button)
      expect(answer).toHaveAttribute('role', 'region')
      expect(answer).toHaveAttribute('aria-labelledby', button.id)
      expect(answer).toHaveTextContent(item.answer!)
    }
  })

  it('starts collapsed, opens one answer at a time, and collapses the open one when clicked again', async () => {
    const user = userEvent.setup()
    renderWithTheme(<FaqSection section={section} settings={settings} isPageHeading={false} />)
    const first = question('Who do you work with?')
    const second = question('Are the appointments really exclusive?')
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region')).toBeNull()

    await user.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'true')
    expect(answerOf(first)).toBeVisible()
    expect(screen.getByRole('region', { name: 'Who do you work with?' })).toHaveTextContent(section.items![0]!.answer!)

    await user.click(second)
    expect(second).toHaveAttribute('aria-expanded', 'true')
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(answerOf(first)).not.toBeVisible()
    expect(screen.getAllByRole('region')).toHaveLength(1)

    await user.click(second)
    expect(second).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('is keyboard operable: Enter and Space toggle, arrow keys, Home and End move between questions', async () => {
    const user = userEvent.setup()
    renderWithTheme(<FaqSection section={section} settings={settings} isPageHeading={false} />)
    const buttons = screen.getAllByRole('button')
    await user.tab()
    expect(buttons[0]).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{ArrowDown}')
    expect(buttons[1]).toHaveFocus()
    await user.keyboard(' ')
    expect(buttons[1]).toHaveAttribute('aria-expanded', 'true')
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{End}')
    expect(buttons[5]).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(buttons[0]).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(buttons[5]).toHaveFocus()
    await user.keyboard('{Home}')
    expect(buttons[0]).toHaveFocus()
  })
})
