import { expect, test } from '@playwright/test'
import { SITE_URL } from './studioServer'
import { openDocument, openStudio, publish, storedDocument } from './support'

const siteStatus = async (path: string) => (await fetch(`${SITE_URL}${path}`)).status

test('a page unpublished in the Studio leaves the dataset and the site, shows in its history, and comes back when its draft is published', async ({
  page,
}) => {
  expect(await siteStatus('/webinar-strategy')).toBe(200)
  await openStudio(page)
  await openDocument(page, 'Pages', 'Webinar Strategy')

  // The Studio offers Unpublish, as the main action, while the editor looks at the published version.
  await page.getByRole('button', { name: 'Published', exact: true }).click()
  await page.getByRole('button', { name: 'Unpublish', exact: true }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Unpublish/ })
    .click()

  // The published document is gone from the dataset and the page is no longer served.
  await expect.poll(() => storedDocument('page.webinar-strategy')).toBeUndefined()
  await expect.poll(() => siteStatus('/webinar-strategy')).toBe(404)

  // Its content stays as a draft, whose history shows the unpublish; publishing the draft brings the page back.
  await page.getByRole('button', { name: 'Draft', exact: true }).click()
  await page.getByTestId('document-pane').getByTestId('pane-context-menu-button').click()
  await page.getByRole('menuitem', { name: 'History' }).click()
  await expect(page.getByText('Unpublished', { exact: true })).toBeVisible()
  await publish(page)
  await expect.poll(() => storedDocument('page.webinar-strategy')?.title).toBe('Webinar Strategy')
  await expect.poll(() => siteStatus('/webinar-strategy')).toBe(200)
})
