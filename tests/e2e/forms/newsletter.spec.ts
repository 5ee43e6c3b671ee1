import { expect, type Request, test } from '@playwright/test'
import { waitForHydration } from '../support/pageChecks'
import { expectNoRequest, uniqueEmail } from '../support/recordedWebhooks'

// SPEC sections 2 and 7: the "Stay Updated" box on /resources is not connected to anything.
test('Subscribe sends nothing and stays on the page', async ({ page }) => {
  await page.goto('/resources')
  await waitForHydration(page)
  const email = uniqueEmail('newsletter')
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))

  const box = page.getByRole('textbox', { name: 'Email address' })
  await box.click()
  await box.pressSequentially(email)
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await box.press('Enter')

  await expectNoRequest(email)
  await expect(page).toHaveURL('/resources')
  // What the page itself fetches (the Inter font, once hydrated, may land in this window) is not a send; the
  // server build's first-party insights beacon may go, but never with what was typed.
  const sent = requests.filter(
    (request) => !(request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/assets/')),
  )
  const insights = sent.filter((request) => new URL(request.url()).pathname === '/api/insights/events')
  for (const beacon of insights) expect(beacon.postData() ?? '').not.toContain(email)
  expect(
    sent.filter((request) => !insights.includes(request)).map((request) => `${request.method()} ${request.url()}`),
  ).toEqual([])
  if (test.info().project.name === 'direct') expect(insights).toEqual([])
})
