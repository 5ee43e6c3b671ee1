import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { NewsletterSection } from '../../../apps/web/app/sections/NewsletterSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('NewsletterSection', () => {
  let section: SectionOf<'newsletterSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/resources', 'newsletterSection')
    settings = await seedSettings()
  })

  it('shows the "Stay Updated" box with a labelled e-mail input and the Subscribe button', () => {
    renderWithTheme(<NewsletterSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Stay Updated' })).toBeInTheDocument()
    expect(screen.getByText(section.text!)).toBeInTheDocument()
    expect(screen.getByText(section.note!)).toBeInTheDocument()
    const input = screen.getByLabelText(section.emailLabel!)
    expect(input).toHaveAttribute('type', 'email')
    expect(input).toHaveAttribute('placeholder', section.emailPlaceholder)
    expect(input).not.toBeRequired()
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('type', 'submit')
  })

  it('subscribing validates nothing, calls nothing, navigates nowhere and shows no message', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const user = userEvent.setup()
    const { container } = renderWithTheme(
      <NewsletterSection section={section} settings={settings} isPageHeading={false} />,
    )
    const before = container.innerHTML
    await user.type(screen.getByLabelText(section.emailLabel!), 'not an address')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    await user.type(screen.getByLabelText(section.emailLabel!), '{Enter}')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fetch).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getByLabelText(section.emailLabel!)).toHaveValue('not an address')
    expect(container.innerHTML.replace(/value="[^"]*"/, '')).toBe(before.replace(/value="[^"]*"/, ''))
  })
})
