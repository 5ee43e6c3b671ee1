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

// SPEC sections 4, 5, 7 and 8: the entry form on /conference-giveaway, with its webhook configured.
const GIVEAWAY_PATH = '/conference-giveaway'
const GIVEAWAY_SOURCE = 'conference_giveaway'
const FAILURE = { title: 'Error', description: 'Something went wrong. Please try again.' }
const OPT_IN_MISSING = {
  title: 'Agreement Required',
  description: 'Please agree to receive follow-up communications to enter the giveaway.',
}

interface Entry {
  fullName: string
  email: string
  phone: string
  company: string
  title: string
}

function entryFor(label: string): Entry {
  return {
    fullName: 'Alex Moreno',
    email: uniqueEmail(`giveaway-${label}`),
    phone: '864-555-0110',
    company: 'Moreno Insurance Group',
    title: 'Managing Partner',
  }
}

function fields(page: Page) {
  return {
    fullName: page.getByRole('textbox', { name: 'Full Name' }),
    email: page.getByRole('textbox', { name: 'Email', exact: true }),
    phone: page.getByRole('textbox', { name: 'Phone', exact: true }),
    company: page.getByRole('textbox', { name: 'Company', exact: true }),
    title: page.getByRole('textbox', { name: 'Job Title' }),
  }
}

const optIn = (page: Page) => page.getByRole('checkbox', { name: /^I agree to receive follow-up communications/ })
const confirmation = (page: Page) => page.getByRole('heading', { name: "You're Entered!" })

async function typeEntry(page: Page, entry: Entry) {
  const form = fields(page)
  for (const key of ['fullName', 'email', 'phone', 'company', 'title'] as const) {
    await form[key].click()
    await form[key].pressSequentially(entry[key])
  }
}

async function expectEnteredOnce(page: Page, entry: Entry) {
  await expect(confirmation(page)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enter to Win' })).toHaveCount(0)
  const { payload } = await expectOneRequest('giveaway', entry.email)
  expectPayload(payload, { ...entry, optIn: true, source: GIVEAWAY_SOURCE })
}

test('an entry typed like a visitor needs the opt-in, then reaches the webhook once despite a double click', async ({
  page,
}) => {
  const submit = await openForm(page, GIVEAWAY_PATH, 'Enter to Win')
  const entry = entryFor('happy')
  await typeEntry(page, entry)
  await submit.click()
  await expectToast(page, 'error', OPT_IN_MISSING.title, OPT_IN_MISSING.description)
  await expect(optIn(page)).toBeFocused()
  await expectNoRequest(entry.email)

  await page.keyboard.press('Space')
  await expect(optIn(page)).toBeChecked()
  await submit.dblclick()
  await expectEnteredOnce(page, entry)
})

const failedSends = [
  {
    situation: 'the send is dropped on its way (as a refused connection is)',
    fail: (page: Page, entry: Entry) => failSends(page, 'giveaway', entry.email),
    recover: (page: Page, entry: Entry) => letSendsThrough(page, 'giveaway', entry.email),
  },
  {
    situation: 'the browser is offline',
    fail: (page: Page) => page.context().setOffline(true),
    recover: (page: Page) => page.context().setOffline(false),
  },
]

for (const { situation, fail, recover } of failedSends) {
  test(`when ${situation}: the error toast, the form with every value kept, and a resend enters once`, async ({
    page,
  }) => {
    const submit = await openForm(page, GIVEAWAY_PATH, 'Enter to Win')
    const errors = consoleErrors(page)
    const entry = entryFor('failure')
    await typeEntry(page, entry)
    await optIn(page).check()
    await fail(page, entry)
    await submit.click()
    await expectToast(page, 'error', FAILURE.title, FAILURE.description)
    expect(errors.some((text) => text.includes('could not be sent'))).toBe(true)
    await expect(confirmation(page)).toHaveCount(0)
    await expect(submit).toBeEnabled()
    const form = fields(page)
    for (const key of ['fullName', 'email', 'phone', 'company', 'title'] as const)
      await expect(form[key]).toHaveValue(entry[key])
    await expect(optIn(page)).toBeChecked()
    await expectNoRequest(entry.email)

    await recover(page, entry)
    await submit.click()
    await expectEnteredOnce(page, entry)
  })
}
