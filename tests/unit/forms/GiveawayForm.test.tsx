import { act, screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { GiveawayFormSection } from '../../../apps/web/app/sections/GiveawayFormSection'
import { seedSection, seedSettings } from '../support/seed'
import {
  captureWebhook,
  enter,
  findToast,
  heldAnswer,
  ISO_DATE_TIME,
  LAZY_LOAD,
  renderWithToaster,
  toastTitles,
} from './formTestKit'

const WEBHOOK = 'http://hooks.test/giveaway'

describe('the giveaway entry form, in a direct build (VITE_LEAD_DELIVERY=direct)', () => {
  let section: SectionOf<'giveawayFormSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/conference-giveaway', 'giveawayFormSection')
    settings = await seedSettings()
  })
  beforeEach(() => {
    vi.stubEnv('VITE_LEAD_DELIVERY', 'direct')
    vi.stubEnv('VITE_GIVEAWAY_WEBHOOK_URL', WEBHOOK)
  })

  async function renderForm() {
    const user = renderWithToaster(
      <GiveawayFormSection section={section} settings={settings} isPageHeading={false} />,
      '/conference-giveaway',
    )
    await screen.findByRole('button', { name: section.submitLabel! }, LAZY_LOAD)
    return user
  }

  const field = {
    fullName: () => screen.getByLabelText(section.fullNameLabel!),
    email: () => screen.getByLabelText(section.emailLabel!),
    phone: () => screen.getByLabelText(section.phoneLabel!),
    company: () => screen.getByLabelText(section.companyLabel!),
    title: () => screen.getByLabelText(section.titleLabel!),
  }
  const optIn = () => screen.getByRole('checkbox', { name: section.optInLabel! })
  const submit = () => screen.getByRole('button', { name: section.submitLabel! })
  const ENTRY = {
    fullName: 'Jane Advisor',
    email: 'jane@practice.com',
    phone: '555-0100',
    company: 'Acme Wealth',
    title: 'Principal',
  }

  async function fill(user: UserEvent, { agree = true } = {}) {
    for (const key of Object.keys(ENTRY) as Array<keyof typeof ENTRY>) await enter(user, field[key](), ENTRY[key])
    if (agree) await user.click(optIn())
  }

  it('sits at the "enter" anchor with its CMS heading and text', async () => {
    await renderForm()
    expect(screen.getByRole('heading', { level: 2, name: section.heading! }).closest('section')).toHaveAttribute(
      'id',
      'enter',
    )
    expect(screen.getByText(section.text!)).toBeInTheDocument()
  })

  it('has the five text fields required by the browser, and an opt-in that is not', async () => {
    await renderForm()
    for (const control of Object.values(field)) expect(control()).toBeRequired()
    expect(field.email()).toHaveAttribute('type', 'email')
    expect(optIn()).not.toBeRequired()
    expect(optIn()).not.toBeChecked()
    expect(submit().closest('form')).not.toHaveAttribute('novalidate')
  })

  it('lets the browser refuse an incomplete form: nothing sent, no toast', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderForm()
    await user.click(optIn())
    await user.click(submit())
    expect(field.fullName()).toBeInvalid()
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(hook.bodies).toEqual([])
    expect(toastTitles()).toEqual([])
  })

  it('asks for the agreement when the opt-in is not ticked, and sends nothing', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderForm()
    await fill(user, { agree: false })
    await user.click(submit())
    const toast = await findToast(
      'Agreement Required',
      'Please agree to receive follow-up communications to enter the giveaway.',
    )
    expect(toast).toHaveAttribute('data-type', 'error')
    expect(optIn()).toHaveAttribute('aria-invalid', 'true')
    expect(optIn()).toHaveFocus()
    expect(hook.bodies).toEqual([])
    await user.click(optIn())
    expect(optIn()).not.toHaveAttribute('aria-invalid')
  })

  it('sends exactly the specified entry, disabled while submitting, then shows the confirmation', async () => {
    const { answerAfter, answer } = heldAnswer()
    const hook = captureWebhook(WEBHOOK, { answerAfter })
    const user = await renderForm()
    await fill(user)
    await user.click(submit())
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled()
    await act(async () => answer())
    expect(await screen.findByRole('heading', { level: 3, name: section.confirmationHeading! })).toHaveFocus()
    expect(screen.getByText(section.confirmationText!)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: section.submitLabel! })).toBeNull()
    expect(hook.bodies).toHaveLength(1)
    const body = hook.bodies[0] as Record<string, unknown>
    expect(Object.keys(body)).toEqual([
      'fullName',
      'email',
      'phone',
      'company',
      'title',
      'optIn',
      'timestamp',
      'source',
    ])
    expect(body).toMatchObject({ ...ENTRY, optIn: true, source: 'conference_giveaway' })
    expect(body.timestamp).toMatch(ISO_DATE_TIME)
  })

  it('makes no call when no webhook address is set, and still confirms the entry', async () => {
    vi.stubEnv('VITE_GIVEAWAY_WEBHOOK_URL', '')
    const fetch = vi.spyOn(globalThis, 'fetch')
    const user = await renderForm()
    await fill(user)
    await user.click(submit())
    expect(await screen.findByRole('heading', { name: section.confirmationHeading! })).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('stays on the form with the values kept when the send throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    captureWebhook(WEBHOOK, { fail: true })
    const user = await renderForm()
    await fill(user)
    await user.click(submit())
    const toast = await findToast('Error', 'Something went wrong. Please try again.')
    expect(toast).toHaveAttribute('data-type', 'error')
    expect(error).toHaveBeenCalled()
    await waitFor(() => expect(submit()).toBeEnabled())
    expect(screen.queryByRole('heading', { name: section.confirmationHeading! })).toBeNull()
    for (const key of Object.keys(ENTRY) as Array<keyof typeof ENTRY>) expect(field[key]()).toHaveValue(ENTRY[key])
    expect(optIn()).toBeChecked()
  })

  it('sends once on a double click', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderForm()
    await fill(user)
    await user.dblClick(submit())
    await screen.findByRole('heading', { name: section.confirmationHeading! })
    expect(hook.bodies).toHaveLength(1)
  })

  it('confirms without sending when the honeypot is filled', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderForm()
    await fill(user)
    await user.type(document.querySelector<HTMLInputElement>('input[name="website"]')!, 'spam')
    await user.click(submit())
    await screen.findByRole('heading', { name: section.confirmationHeading! })
    expect(hook.bodies).toEqual([])
  })
})
