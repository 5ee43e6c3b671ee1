import { expect, type Page, type Request, test } from '@playwright/test'
import { openForm } from '../support/formPages'
import { expectNoRequest, uniqueEmail } from '../support/recordedWebhooks'
import { expectToast } from '../support/toasts'

// SPEC sections 4, 5, 7 and 8: the paid sales-guide offer on /sales-guide-offer sends nothing.

/** Every request the page makes from now on other than a GET (a form that sends would POST). */
function sentRequests(page: Page): Request[] {
  const sent: Request[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET') sent.push(request)
  })
  return sent
}

test('a missing name asks for the details; a complete order says payment is coming, and nothing is sent', async ({
  page,
}) => {
  const submit = await openForm(page, '/sales-guide-offer', 'Get Instant Access')
  const sent = sentRequests(page)
  const email = uniqueEmail('guide-offer')
  const name = page.getByRole('textbox', { name: 'Your Name' })
  const emailBox = page.getByRole('textbox', { name: 'Email Address' })

  await emailBox.click()
  await emailBox.pressSequentially(email)
  await submit.click()
  await expectToast(page, 'error', 'Missing Information', 'Please enter your name and email address.')
  await expect(name).toBeFocused()

  await name.pressSequentially('Taylor Brooks')
  await name.press('Enter')
  await expectToast(
    page,
    'default',
    'Almost There!',
    `Payment processing will be integrated soon. We'll contact you at ${email}`,
  )
  await expect(page).toHaveURL('/sales-guide-offer')
  await expectNoRequest(email)
  // The server build's first-party insights beacon may go (form seen, submit tried), but never with what was
  // typed; nothing else is sent.
  const insights = sent.filter((request) => new URL(request.url()).pathname === '/api/insights/events')
  for (const beacon of insights) {
    expect(beacon.postData() ?? '').not.toContain(email)
    expect(beacon.postData() ?? '').not.toContain('Taylor')
  }
  expect(
    sent.filter((request) => !insights.includes(request)).map((request) => `${request.method()} ${request.url()}`),
  ).toEqual([])
  if (test.info().project.name === 'direct') expect(insights).toEqual([])
})
