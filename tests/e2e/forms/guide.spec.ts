import { expect, type Page, test } from '@playwright/test'
import { consoleErrors, openForm } from '../support/formPages'
import {
  expectNoRequest,
  expectOneRequest,
  expectPayload,
  failSends,
  letSendsThrough,
  uniqueEmail,
} from '../support/recordedWebhooks'
import { expectToast } from '../support/toasts'

// SPEC sections 4, 5, 7 and 8: the gated guide on /resources/scaling-guide and its webhook.
const GUIDE_PATH = '/resources/scaling-guide'
const RESOURCE = 'How to Scale Your Advisory Practice to $100M+ AUM'
const UNLOCKED = { title: 'Guide Unlocked!', description: 'You now have access to the complete guide.' }
const FAILURE = { title: 'Error', description: 'Failed to submit. Please try again.' }

interface Lead {
  name: string
  email: string
  phone: string
}

function fields(page: Page) {
  return {
    name: page.getByRole('textbox', { name: 'Full Name' }),
    email: page.getByRole('textbox', { name: 'Email Address' }),
    phone: page.getByRole('textbox', { name: 'Phone Number' }),
  }
}

/** The gate's heading, shown while the guide is locked, and a heading of the guide itself. */
const lockedHeading = (page: Page) => page.getByRole('heading', { name: 'Unlock the Complete Guide' })
const guideHeading = (page: Page) => page.getByRole('heading', { name: 'Know Which Stage You Are In' })

async function typeLead(page: Page, lead: Lead) {
  const form = fields(page)
  for (const key of ['name', 'email', 'phone'] as const) {
    await form[key].click()
    await form[key].pressSequentially(lead[key])
  }
}

async function expectUnlockedOnce(page: Page, lead: Lead) {
  await expectToast(page, 'success', UNLOCKED.title, UNLOCKED.description)
  await expect(guideHeading(page)).toBeVisible()
  await expect(lockedHeading(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Unlock Guide' })).toHaveCount(0)
  const { payload } = await expectOneRequest('guide', lead.email)
  expectPayload(payload, { name: lead.name.trim(), email: lead.email, phone: lead.phone.trim(), resource: RESOURCE })
}

test('a lead typed like a visitor unlocks the guide, and reaches the webhook once despite a double click', async ({
  page,
}) => {
  const submit = await openForm(page, GUIDE_PATH, 'Unlock Guide')
  await expect(guideHeading(page)).toHaveCount(0)
  const lead = { name: 'Priya Raman ', email: uniqueEmail('guide-happy'), phone: ' (555) 123-4567' }
  await typeLead(page, lead)
  await submit.dblclick()
  await expectUnlockedOnce(page, lead)
})

test('invalid details are reported under each field, and nothing is sent', async ({ page }) => {
  const submit = await openForm(page, GUIDE_PATH, 'Unlock Guide')
  const email = uniqueEmail('guide-invalid')
  await fields(page).email.fill(email)
  await submit.click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(page.getByText('Phone number is required')).toBeVisible()
  await expect(fields(page).name).toHaveAttribute('aria-invalid', 'true')
  await expect(lockedHeading(page)).toBeVisible()
  await expectNoRequest(email)
})

const failedSends = [
  {
    situation: 'the send is dropped on its way (as a refused connection is)',
    fail: (page: Page, lead: Lead) => failSends(page, 'guide', lead.email),
    recover: (page: Page, lead: Lead) => letSendsThrough(page, 'guide', lead.email),
  },
  {
    situation: 'the browser is offline',
    fail: (page: Page) => page.context().setOffline(true),
    recover: (page: Page) => page.context().setOffline(false),
  },
]

for (const { situation, fail, recover } of failedSends) {
  test(`when ${situation}: the guide stays locked with every value kept, and a resend unlocks it once`, async ({
    page,
  }) => {
    const submit = await openForm(page, GUIDE_PATH, 'Unlock Guide')
    const errors = consoleErrors(page)
    const lead = { name: 'Marcus Lee', email: uniqueEmail('guide-failure'), phone: '(555) 987-6543' }
    await typeLead(page, lead)
    await fail(page, lead)
    await submit.click()
    await expectToast(page, 'error', FAILURE.title, FAILURE.description)
    expect(errors.some((text) => text.includes('could not be sent'))).toBe(true)
    await expect(lockedHeading(page)).toBeVisible()
    await expect(guideHeading(page)).toHaveCount(0)
    await expect(submit).toBeEnabled()
    const form = fields(page)
    await expect(form.name).toHaveValue(lead.name)
    await expect(form.email).toHaveValue(lead.email)
    await expect(form.phone).toHaveValue(lead.phone)
    await expectNoRequest(lead.email)

    await recover(page, lead)
    await submit.click()
    await expectUnlockedOnce(page, lead)
  })
}
