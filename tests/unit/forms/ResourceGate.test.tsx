import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ResourceContent } from '../../../apps/web/app/content/types'
import { ResourceGateSlot } from '../../../apps/web/app/forms/gate/ResourceGateSlot'
import { notify } from '../../../apps/web/app/forms/shared/toast'
import { renderWithTheme } from '../support/render'
import { loadRoute } from '../support/seed'
import { captureWebhook, enter, findToast, heldAnswer, ISO_DATE_TIME, LAZY_LOAD } from './formTestKit'

const WEBHOOK = 'http://hooks.test/guide'
const BODY_TEXT = 'The complete guide body'

describe('the gated guide, in a direct build (VITE_LEAD_DELIVERY=direct)', () => {
  let resource: ResourceContent
  let gate: NonNullable<ResourceContent['gate']>
  beforeAll(async () => {
    const { resource: found } = await loadRoute('/resources/scaling-guide')
    if (!found?.gate) throw new Error('The seed has no gated scaling guide')
    resource = found
    gate = found.gate
  })
  beforeEach(() => {
    vi.stubEnv('VITE_LEAD_DELIVERY', 'direct')
    vi.stubEnv('VITE_GUIDE_WEBHOOK_URL', WEBHOOK)
    localStorage.clear()
  })

  /** The slot renders its page's notification region itself. */
  function renderGate() {
    notify.dismissAll()
    const user = userEvent.setup()
    renderWithTheme(
      <ResourceGateSlot gate={resource.gate} resourceTitle={resource.title}>
        <p>{BODY_TEXT}</p>
      </ResourceGateSlot>,
      { path: '/resources/scaling-guide' },
    )
    return user
  }
  async function renderLocked() {
    const user = renderGate()
    await screen.findByRole('button', { name: 'Unlock Guide' }, LAZY_LOAD)
    return user
  }

  const field = {
    name: () => screen.getByLabelText(gate.nameLabel!),
    email: () => screen.getByLabelText(gate.emailLabel!),
    phone: () => screen.getByLabelText(gate.phoneLabel!),
  }
  const unlockButton = () => screen.getByRole('button', { name: 'Unlock Guide' })

  async function fill(
    user: ReturnType<typeof userEvent.setup>,
    values: { name?: string; email?: string; phone?: string } = {},
  ) {
    const all = { name: 'Jane Advisor', email: 'jane@practice.com', phone: '555-0100', ...values }
    await enter(user, field.name(), all.name)
    await enter(user, field.email(), all.email)
    await enter(user, field.phone(), all.phone)
  }

  /** The error message shown under a field, found through its aria-describedby. */
  function errorUnder(control: HTMLElement) {
    const id = control.getAttribute('aria-describedby')
    return id ? document.getElementById(id) : null
  }

  it('starts locked: the CMS copy and the form, not the guide', async () => {
    await renderLocked()
    expect(screen.getByRole('heading', { level: 2, name: gate.heading! })).toBeInTheDocument()
    expect(screen.getByText(gate.text!)).toBeInTheDocument()
    expect(screen.getByText('We respect your privacy. Unsubscribe at any time.')).toBeInTheDocument()
    expect(field.name()).toHaveAttribute('placeholder', gate.namePlaceholder)
    expect(field.email()).toHaveAttribute('placeholder', gate.emailPlaceholder)
    expect(field.phone()).toHaveAttribute('placeholder', gate.phonePlaceholder)
    expect(screen.queryByText(BODY_TEXT)).toBeNull()
  })

  it('shows every message under its field with a red border, and sends nothing', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderLocked()
    await user.click(unlockButton())
    await waitFor(() => expect(errorUnder(field.name())).toHaveTextContent('Name is required'))
    expect(errorUnder(field.email())).toHaveTextContent('Invalid email address')
    expect(errorUnder(field.phone())).toHaveTextContent('Phone number is required')
    for (const control of Object.values(field)) {
      expect(control()).toHaveAttribute('aria-invalid', 'true')
      expect(errorUnder(control())).toHaveAttribute('role', 'alert')
    }
    expect(hook.bodies).toEqual([])
    expect(screen.queryByText(BODY_TEXT)).toBeNull()
  })

  it.each([
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'n'.repeat(101) }, 'name', 'Name must be less than 100 characters'],
    [{ email: 'jane@practice' }, 'email', 'Invalid email address'],
    [{ email: `${'e'.repeat(250)}@x.com` }, 'email', 'Email must be less than 255 characters'],
    [{ phone: '    ' }, 'phone', 'Phone number is required'],
    [{ phone: '5'.repeat(21) }, 'phone', 'Phone number must be less than 20 characters'],
  ] as const)('rejects %o with "%s: %s"', async (values, name, message) => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderLocked()
    await fill(user, values)
    await user.click(unlockButton())
    await waitFor(() => expect(errorUnder(field[name]())).toHaveTextContent(message))
    expect(hook.bodies).toEqual([])
  })

  it('clears the messages once the fields are valid', async () => {
    const user = await renderLocked()
    await user.click(unlockButton())
    await waitFor(() => expect(errorUnder(field.name())).not.toBeNull())
    await fill(user)
    await waitFor(() => {
      for (const control of Object.values(field)) {
        expect(control()).not.toHaveAttribute('aria-invalid')
        expect(errorUnder(control())).toBeNull()
      }
    })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('reads "Unlocking..." while sending, sends exactly the specified payload, then unlocks and thanks', async () => {
    const { answerAfter, answer } = heldAnswer()
    const hook = captureWebhook(WEBHOOK, { answerAfter })
    const user = await renderLocked()
    await fill(user, { name: '  Jane Advisor ', email: ' jane@practice.com ', phone: ' 555-0100 ' })
    await user.click(unlockButton())
    expect(await screen.findByRole('button', { name: 'Unlocking...' })).toBeDisabled()
    expect(screen.queryByText(BODY_TEXT)).toBeNull()
    await act(async () => answer())
    await findToast('Guide Unlocked!', 'You now have access to the complete guide.')
    expect(await screen.findByText(BODY_TEXT)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Unlock/ })).toBeNull()
    expect(hook.bodies).toHaveLength(1)
    const body = hook.bodies[0] as Record<string, unknown>
    expect(Object.keys(body)).toEqual(['name', 'email', 'phone', 'resource', 'timestamp'])
    expect(body).toMatchObject({
      name: 'Jane Advisor',
      email: 'jane@practice.com',
      phone: '555-0100',
      resource: 'How to Scale Your Advisory Practice to $100M+ AUM',
    })
    expect(body.resource).toBe(resource.title)
    expect(body.timestamp).toMatch(ISO_DATE_TIME)
  })

  it('stays locked with the fields kept, logs and shows a destructive toast when the send throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    captureWebhook(WEBHOOK, { fail: true })
    const user = await renderLocked()
    await fill(user)
    await user.click(unlockButton())
    const toast = await findToast('Error', 'Failed to submit. Please try again.')
    expect(toast).toHaveAttribute('data-type', 'error')
    expect(error).toHaveBeenCalled()
    await waitFor(() => expect(unlockButton()).toBeEnabled())
    expect(screen.queryByText(BODY_TEXT)).toBeNull()
    expect(field.name()).toHaveValue('Jane Advisor')
    expect(field.email()).toHaveValue('jane@practice.com')
    expect(field.phone()).toHaveValue('555-0100')
    expect(localStorage.length).toBe(0)
  })

  it('remembers the unlock: after a remount the guide shows directly', async () => {
    captureWebhook(WEBHOOK)
    const user = await renderLocked()
    await fill(user)
    await user.click(unlockButton())
    await screen.findByText(BODY_TEXT)
    // A new visit: everything unmounted, then the page rendered again.
    const { cleanup } = await import('@testing-library/react')
    cleanup()
    renderGate()
    expect(await screen.findByText(BODY_TEXT)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Unlock Guide' })).toBeNull()
  })

  it('remembers each guide by its own title', async () => {
    localStorage.setItem('guide-unlocked:Another Guide', 'true')
    await renderLocked()
    expect(screen.queryByText(BODY_TEXT)).toBeNull()
  })

  it('sends once on a double click', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderLocked()
    await fill(user)
    await user.dblClick(unlockButton())
    await screen.findByText(BODY_TEXT)
    expect(hook.bodies).toHaveLength(1)
  })

  it('unlocks without sending when the honeypot is filled', async () => {
    const hook = captureWebhook(WEBHOOK)
    const user = await renderLocked()
    await fill(user)
    await user.type(document.querySelector<HTMLInputElement>('input[name="website"]')!, 'spam')
    await user.click(unlockButton())
    await findToast('Guide Unlocked!', 'You now have access to the complete guide.')
    expect(screen.getByText(BODY_TEXT)).toBeInTheDocument()
    expect(hook.bodies).toEqual([])
  })
})
