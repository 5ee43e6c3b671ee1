import { expect, test } from '@playwright/test'
import { SITE_URL } from './studioServer'
import { openDocument, openStudio, publish, storedDocument, storedDocuments } from './support'

const storedRedirects = () =>
  storedDocuments()
    .filter((document) => document._type === 'redirect')
    .map(({ from, to, permanent }) => ({ from, to, permanent }))

test('an article published at a new slug leaves a permanent redirect from its old address, which the editor sees', async ({
  page,
}) => {
  await openStudio(page)
  await page.getByRole('link', { name: 'Resources' }).click()
  await openDocument(page, 'All resources', 'How to Scale Your Advisory Practice')
  await page.locator('[id="slug"]').fill('scaling-your-practice')
  // Watched from before the press: the toast shows for a few seconds once the redirect is stored, which can be
  // over before publish() has seen the button settle on a loaded machine (the redirect was stored, the toast
  // shown and gone, and the test waited for it for two minutes).
  const toast = page
    .getByText('Redirect added: /resources/scaling-guide → /resources/scaling-your-practice')
    .waitFor({ state: 'visible', timeout: 60_000 })
  await publish(page)
  await toast
  await expect
    .poll(() => (storedDocument('resource.scaling-guide')?.slug as { current?: string } | undefined)?.current)
    .toBe('scaling-your-practice')
  await expect
    .poll(storedRedirects)
    .toEqual([{ from: '/resources/scaling-guide', to: '/resources/scaling-your-practice', permanent: true }])
  // The site is published again a few seconds after the Studio's publish (the publish endpoint's build).
  await expect
    .poll(async () => (await fetch(`${SITE_URL}/resources/scaling-your-practice`)).status, { timeout: 60_000 })
    .toBe(200)

  // The desk's root pane has collapsed beside the open document: start again from it.
  await openStudio(page)
  await page.getByRole('link', { name: 'Redirects' }).click()
  await expect(
    page.getByRole('link', { name: /\/resources\/scaling-guide → \/resources\/scaling-your-practice/ }),
  ).toBeVisible()
})

test('a redirect from an address a page still uses is refused as the editor types', async ({ page }) => {
  await openStudio(page)
  await page.getByRole('link', { name: 'Redirects' }).click()
  await page.getByTestId('action-intent-button').click()
  await page.locator('[id="from"]').fill('/about')
  await page.locator('[id="to"]').fill('/contact')
  await page.getByRole('button', { name: 'Validation' }).click()
  await expect(
    page.getByText('/about is the address of a page or resource: remove the redirect or move the page'),
  ).toBeVisible()
  await expect(page.getByTestId('action-publish')).toBeDisabled()
})
