import { act, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { GuideOfferSection } from '../../../apps/web/app/sections/GuideOfferSection'
import { seedSection, seedSettings } from '../support/seed'
import { findToast, LAZY_LOAD, renderWithToaster, toastTitles } from './formTestKit'

describe('the sales-guide offer', () => {
  let section: SectionOf<'guideOfferSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/sales-guide-offer', 'guideOfferSection')
    settings = await seedSettings()
  })

  async function renderOffer(isPageHeading = true) {
    const user = renderWithToaster(
      <GuideOfferSection section={section} settings={settings} isPageHeading={isPageHeading} />,
      '/sales-guide-offer',
    )
    await screen.findByRole('button', { name: section.submitLabel! }, LAZY_LOAD)
    return user
  }
  const name = () => screen.getByLabelText(section.nameLabel!)
  const email = () => screen.getByLabelText(section.emailLabel!)
  const submit = () => screen.getByRole('button', { name: section.submitLabel! })

  it('shows the offer: heading as the page h1, the crossed-out and the sale price, the points and the guarantee', async () => {
    await renderOffer()
    expect(screen.getByRole('heading', { level: 1, name: section.heading! })).toBeInTheDocument()
    expect(screen.getByText(section.eyebrow!)).toBeInTheDocument()
    expect(screen.getByText(section.text!)).toBeInTheDocument()
    expect(screen.getByText(section.originalPrice!).tagName).toBe('DEL')
    expect(screen.getByText(section.price!)).toBeInTheDocument()
    const points = screen.getByRole('list')
    expect(
      within(points)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(section.points)
    expect(screen.getByText(section.guarantee!)).toBeInTheDocument()
  })

  it('uses an h2 when another section holds the page heading', async () => {
    await renderOffer(false)
    expect(screen.getByRole('heading', { level: 2, name: section.heading! })).toBeInTheDocument()
  })

  it.each([
    ['both empty', '', ''],
    ['name missing', '', 'jane@practice.com'],
    ['email missing', 'Jane', ''],
    ['only spaces', '   ', '  '],
  ])('asks for the missing information (%s)', async (_case, nameValue, emailValue) => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const user = await renderOffer()
    if (nameValue) await user.type(name(), nameValue)
    if (emailValue) await user.type(email(), emailValue)
    await user.click(submit())
    const toast = await findToast('Missing Information', 'Please enter your name and email address.')
    expect(toast).toHaveAttribute('data-type', 'error')
    expect(fetch).not.toHaveBeenCalled()
    const firstMissing = nameValue.trim() ? email() : name()
    expect(firstMissing).toHaveAttribute('aria-invalid', 'true')
    expect(firstMissing).toHaveFocus()
  })

  it('says payment is coming, with the e-mail address, and calls nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const user = await renderOffer()
    await user.type(name(), 'Jane Advisor')
    await user.type(email(), ' jane@practice.com ')
    await user.click(submit())
    const toast = await findToast(
      'Almost There!',
      "Payment processing will be integrated soon. We'll contact you at jane@practice.com",
    )
    expect(toast).not.toHaveAttribute('data-type', 'error')
    expect(toastTitles()).toEqual(['Almost There!'])
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fetch).not.toHaveBeenCalled()
    expect(name()).toHaveValue('Jane Advisor')
    expect(name()).not.toHaveAttribute('aria-invalid')
  })

  it('marks both fields as required', async () => {
    await renderOffer()
    expect(name()).toHaveAttribute('aria-required', 'true')
    expect(email()).toHaveAttribute('aria-required', 'true')
    expect(email()).toHaveAttribute('type', 'email')
  })
})
