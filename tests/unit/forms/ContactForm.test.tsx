import { act, screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { ContactFormSection } from '../../../apps/web/app/sections/ContactFormSection'
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

const WEBHOOK = 'http://hooks.test/contact'

describe('the contact form, in a direct build (VITE_LEAD_DELIVERY=direct)', () => {
  let section: SectionOf<'contactFormSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/contact', 'contactFormSection')
    settings = await seedSettings()
  })
  beforeEach(() => {
    vi.stubEnv('VITE_LEAD_DELIVERY', 'direct')
    vi.stubEnv('VITE_CONTACT_WEBHOOK_URL', WEBHOOK)
  })

  async function renderForm() {
    const user = renderWithToaster(
      <ContactFormSection section={section} settings={settings} isPageHeading={false} />,
      '/contact',
    )
    await screen.findByRole('button', { name: 'Send Message' }, LAZY_LOAD)
    return user
  }

  const field = {
    name: () => screen.getByLabelText(section.nameLabel!),
    email: () => screen.getByLabelText(section.emailLabel!),
    phone: () => screen.getByLabelText(section.phoneLabel!),
    company: () => screen.getByLabelText(section.companyLabel!),
    interest: () => screen.getByLabelText(section.interestLabel!),
    message: () => screen.getByLabelText(section.messageLabel!),
  }
  const submit = () => screen.getByRole('button', { name: 'Send Message' })

  async function fillValid(
    user: UserEvent,
    overrides: Partial<Record<'name' | 'email' | 'phone' | 'company' | 'message', string>> = {},
  ) {
    const values = {
      name: 'Jane Advisor',
      email: 'jane@practice.com',
      phone: '',
      company: '',
      message: '',
      ...overrides,
    }
    for (const key of ['name', 'email', 'phone', 'company', 'message'] as const)
      await enter(user, field[key](), values[key])
    await user.selectOptions(field.interest(), 'funnels')
  }

  it('shows the CMS copy, the contact details and the response-time note', async () => {
    await renderForm()
    expect(screen.getByRole('heading', { level: 2, name: section.heading! })).toBeInTheDocument()
    expect(screen.getByText(section.text!)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: section.detailsHeading! })).toBeInTheDocument()
    expect(screen.getByText(section.detailsText!)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: settings.contactEmail! })).toHaveAttribute(
      'href',
      `mailto:${settings.contactEmail}`,
    )
    expect(screen.getByRole('link', { name: settings.contactPhone! })).toHaveAttribute('href', 'tel:8645550142')
    expect(screen.getByText(section.emailCaption!)).toBeInTheDocument()
    expect(screen.getByText(section.phoneCaption!)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: section.responseHeading! })).toBeInTheDocument()
    expect(screen.getByText(section.responseText!)).toBeInTheDocument()
  })

  it('has the six fields with their CMS labels and placeholders, the interest options and a 4-row message box', async () => {
    await renderForm()
    expect(field.name()).toHaveAttribute('placeholder', section.namePlaceholder)
    expect(field.email()).toHaveAttribute('type', 'email')
    expect(field.phone()).toHaveAttribute('placeholder', section.phonePlaceholder)
    expect(field.company()).toHaveAttribute('placeholder', section.companyPlaceholder)
    expect(field.message()).toHaveAttribute('rows', '4')
    const options = Array.from((field.interest() as HTMLSelectElement).options, (option) => [option.value, option.text])
    expect(options).toEqual([
      ['', section.interestPlaceholder],
      ['app', 'Sales Enablement App'],
      ['funnels', 'Marketing Funnels'],
      ['ads', 'Ad Management'],
      ['all', 'All Solutions'],
      ['other', 'General Inquiry'],
    ])
  })

  it('carries the browser required marker on name, email and interest only', async () => {
    await renderForm()
    const required = [field.name(), field.email(), field.interest()]
    for (const control of required) {
      expect(control).toBeRequired()
      expect(control).toHaveAttribute('aria-required', 'true')
    }
    for (const control of [field.phone(), field.company(), field.message()]) expect(control).not.toBeRequired()
    const form = submit().closest('form')!
    expect(Array.from(form.querySelectorAll('[required]'))).toEqual(required)
  })

  it.each([
    ['name empty', { name: '' }, 'Name is required'],
    ['name only spaces', { name: '   ' }, 'Name is required'],
    ['name too long', { name: 'a'.repeat(101) }, 'Name must be less than 100 characters'],
    ['email invalid', { email: 'jane@' }, 'Invalid email address'],
    ['email too long', { email: `${'a'.repeat(250)}@x.com` }, 'Email must be less than 255 characters'],
    ['phone too long', { phone: '1'.repeat(21) }, 'Phone must be less than 20 characters'],
    ['company too long', { company: 'c'.repeat(101) }, 'Company name must be less than 100 characters'],
    ['message too long', { message: 'm'.repeat(1001) }, 'Message must be less than 1000 characters'],
  ])('rejects %s with a "Validation Error" toast and sends nothing', async (_case, overrides, message) => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderForm()
    await fillValid(user, overrides)
    await user.click(submit())
    const toast = await findToast('Validation Error', message)
    expect(toast).toHaveAttribute('data-type', 'error')
    expect(hook.bodies).toEqual([])
  })

  it('rejects a missing interest with "Please select an option"', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderForm()
    await user.type(field.name(), 'Jane')
    await user.type(field.email(), 'jane@practice.com')
    await user.click(submit())
    await findToast('Validation Error', 'Please select an option')
    expect(field.interest()).toHaveAttribute('aria-invalid', 'true')
    expect(hook.bodies).toEqual([])
  })

  it('reports only the first failing field, in field order, and marks every invalid field', async () => {
    const user = await renderForm()
    await user.type(field.email(), 'not-an-email')
    await user.click(submit())
    await findToast('Validation Error', 'Name is required')
    expect(toastTitles()).toEqual(['Validation Error'])
    expect(screen.queryByText('Invalid email address')).toBeNull()
    expect(field.name()).toHaveAttribute('aria-invalid', 'true')
    expect(field.email()).toHaveAttribute('aria-invalid', 'true')
    expect(field.interest()).toHaveAttribute('aria-invalid', 'true')
    expect(field.phone()).not.toHaveAttribute('aria-invalid')
    expect(field.name()).toHaveFocus()
  })

  it('sends exactly the specified payload, shows "Sending..." meanwhile, then thanks and empties every field', async () => {
    const { answerAfter, answer } = heldAnswer()
    const hook = captureWebhook(WEBHOOK, { answerAfter })
    const user = await renderForm()
    await fillValid(user, {
      name: '  Jane Advisor  ',
      email: '  jane@practice.com ',
      phone: ' 555-0100 ',
      company: ' Acme Wealth ',
      message: ' Hi there ',
    })
    await user.click(submit())
    const sending = await screen.findByRole('button', { name: 'Sending...' })
    expect(sending).toBeDisabled()
    await act(async () => answer())
    await findToast('Message Sent!', "We'll get back to you within 24 hours.")
    expect(hook.bodies).toHaveLength(1)
    const body = hook.bodies[0] as Record<string, unknown>
    expect(Object.keys(body)).toEqual([
      'name',
      'email',
      'phone',
      'company',
      'interest',
      'message',
      'timestamp',
      'source',
    ])
    expect(body).toMatchObject({
      name: 'Jane Advisor',
      email: 'jane@practice.com',
      phone: ' 555-0100 ',
      company: ' Acme Wealth ',
      interest: 'funnels',
      message: ' Hi there ',
      source: 'advisorgrowth-website',
    })
    expect(body.timestamp).toMatch(ISO_DATE_TIME)
    await waitFor(() => expect(submit()).toBeEnabled())
    for (const control of Object.values(field)) expect(control()).toHaveValue('')
  })

  it('leaves a thank-you card with the CMS copy above the emptied form, focused, beside the spec toast', async () => {
    captureWebhook(WEBHOOK)
    const user = await renderForm()
    expect(screen.queryByRole('heading', { name: section.confirmationHeading! })).toBeNull()
    await fillValid(user)
    await user.click(submit())
    await findToast('Message Sent!', "We'll get back to you within 24 hours.")
    const thanks = await screen.findByRole('heading', { name: section.confirmationHeading! })
    await waitFor(() => expect(thanks).toHaveFocus())
    expect(screen.getByText(section.confirmationText!)).toBeInTheDocument()
    expect(field.name()).toHaveValue('')
    expect(submit()).toBeEnabled()
  })

  it('keeps every field, logs the error and shows the error toast when the send throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    captureWebhook(WEBHOOK, { fail: true })
    const user = await renderForm()
    await fillValid(user, { phone: '555-0100', company: 'Acme', message: 'Hello' })
    await user.click(submit())
    const toast = await findToast('Error', 'Failed to send message. Please try again or contact us directly.')
    expect(toast).toHaveAttribute('data-type', 'error')
    expect(error).toHaveBeenCalled()
    await waitFor(() => expect(submit()).toBeEnabled())
    expect(field.name()).toHaveValue('Jane Advisor')
    expect(field.email()).toHaveValue('jane@practice.com')
    expect(field.phone()).toHaveValue('555-0100')
    expect(field.company()).toHaveValue('Acme')
    expect(field.interest()).toHaveValue('funnels')
    expect(field.message()).toHaveValue('Hello')
  })

  it('sends once on a double click', async () => {
    const { answerAfter, answer } = heldAnswer()
    const hook = captureWebhook(WEBHOOK, { answerAfter })
    const user = await renderForm()
    await fillValid(user)
    await user.dblClick(submit())
    await screen.findByRole('button', { name: 'Sending...' })
    await act(async () => answer())
    await findToast('Message Sent!', "We'll get back to you within 24 hours.")
    expect(hook.bodies).toHaveLength(1)
    expect(toastTitles()).toEqual(['Message Sent!'])
  })

  it('sends once on a repeated Enter', async () => {
    const { answerAfter, answer } = heldAnswer()
    const hook = captureWebhook(WEBHOOK, { answerAfter })
    const user = await renderForm()
    await fillValid(user)
    await user.click(field.name())
    await user.keyboard('{Enter}{Enter}{Enter}')
    await screen.findByRole('button', { name: 'Sending...' })
    await user.keyboard('{Enter}')
    await act(async () => answer())
    await findToast('Message Sent!', "We'll get back to you within 24 hours.")
    expect(hook.bodies).toHaveLength(1)
    expect(toastTitles()).toEqual(['Message Sent!'])
  })

  it('shows the normal success but sends nothing when the honeypot is filled', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderForm()
    await fillValid(user)
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!
    expect(trap).toHaveAttribute('tabindex', '-1')
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
    await user.type(trap, 'https://spam.example')
    await user.click(submit())
    await findToast('Message Sent!', "We'll get back to you within 24 hours.")
    expect(hook.bodies).toEqual([])
  })
})

describe('a contact form section on a campaign page (direct build)', () => {
  let settings: SiteSettings
  let campaign: SectionOf<'contactFormSection'>
  beforeAll(async () => {
    settings = await seedSettings()
    const contact = await seedSection('/contact', 'contactFormSection')
    // What a marketer leaves: the interest question and both side cards cleared, the button renamed.
    campaign = {
      ...contact,
      askInterest: false,
      detailsHeading: undefined,
      detailsText: undefined,
      responseHeading: undefined,
      responseText: undefined,
      submitLabel: 'Register for the Webinar',
    }
  })
  beforeEach(() => {
    vi.stubEnv('VITE_LEAD_DELIVERY', 'direct')
    vi.stubEnv('VITE_CONTACT_WEBHOOK_URL', WEBHOOK)
  })

  it('asks no interest, shows no side cards, and sends the lead with an empty interest under its own button', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = renderWithToaster(
      <ContactFormSection section={campaign} settings={settings} isPageHeading={false} />,
      '/fall-webinar',
    )
    const button = await screen.findByRole('button', { name: 'Register for the Webinar' }, LAZY_LOAD)
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.queryByRole('link', { name: settings.contactEmail! })).toBeNull()
    expect(screen.queryByText('Fast Response Time')).toBeNull()
    await enter(user, screen.getByLabelText(campaign.nameLabel!), 'Rosa Delgado')
    await enter(user, screen.getByLabelText(campaign.emailLabel!), 'rosa@delgado.test')
    await user.click(button)
    await findToast('Message Sent!', "We'll get back to you within 24 hours.")
    expect(hook.bodies).toHaveLength(1)
    expect(hook.bodies[0]).toMatchObject({ name: 'Rosa Delgado', email: 'rosa@delgado.test', interest: '' })
  })
})
