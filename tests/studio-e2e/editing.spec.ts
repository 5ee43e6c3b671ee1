import { expect, test } from '@playwright/test'
import { SITE_URL } from './studioServer'
import { openDocument, openStudio, publish, storedDocument } from './support'

test('the hero heading of the home page, edited and published, is in the dataset and on the dev-served site', async ({
  page,
}) => {
  const heading = 'Win More Exclusive, Qualified Appointments Every Month'
  await openStudio(page)
  await openDocument(page, 'Pages', 'Home')
  await page.getByText('Grow Your Practice With Exclusive, Qualified Appointments').first().click()
  const field = page.getByRole('textbox', { name: 'Heading' })
  await field.fill(heading)
  await page.keyboard.press('Escape')
  await publish(page)

  await expect.poll(() => JSON.stringify(storedDocument('page.home'))).toContain(heading)
  await expect.poll(async () => (await fetch(`${SITE_URL}/`)).text()).toContain(heading)

  // A second edit starts from what was just published, not from what the Studio first loaded.
  const secondHeading = 'Win Exclusive, Qualified Appointments Every Week'
  await page.getByText(heading).first().click()
  await field.fill(secondHeading)
  await page.keyboard.press('Escape')
  await publish(page)
  await expect.poll(() => JSON.stringify(storedDocument('page.home'))).toContain(secondHeading)
  await expect.poll(async () => (await fetch(`${SITE_URL}/`)).text()).toContain(secondHeading)
})
