import { expect, test } from '@playwright/test'
import { SITE_URL } from './studioServer'
import { openStudio, publish, storedDocument } from './support'

const siteStatus = async (path: string) => (await fetch(`${SITE_URL}${path}`)).status

// Known defect (issue 12), so not run yet: with a document open in the published view, which is where the
// Studio offers Unpublish, it holds more listen streams to the lake than the six connections a browser opens
// to one host over HTTP/1.1 (Sanity's API speaks HTTP/2). Its check for referring documents then never leaves
// the browser, and the dialog says "An error occurred while loading referencing documents". The steps after
// the Unpublish click have not run yet.
test.fixme('a page unpublished in the Studio leaves the site, shows in its history, and comes back when published again', async ({
  page,
}) => {
  expect(await siteStatus('/webinar-strategy')).toBe(200)
  // Straight to the document, without the list pane: see the note on connections below.
  await openStudio(page, '/intent/edit/id=page.webinar-strategy;type=page')
  await expect(page.getByTestId('action-publish')).toBeVisible()

  // The Studio offers Unpublish, as the main action, while the editor looks at the published version.
  await page.getByRole('button', { name: 'Published', exact: true }).click()
  await page.getByRole('button', { name: 'Unpublish', exact: true }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Unpublish/ })
    .click()

  // The published document is gone from the dataset, its content kept as a draft; the page is no longer served.
  await expect.poll(() => storedDocument('page.webinar-strategy')).toBeUndefined()
  await expect.poll(() => siteStatus('/webinar-strategy')).toBe(404)

  // The history lists the unpublish after the publishes the dataset started with.
  await page
    .getByTestId('pane-header')
    .getByRole('button', { name: /more|menu/i })
    .last()
    .click()
  await page.getByRole('menuitem', { name: /History|Review changes/ }).click()
  await expect(page.getByText('Unpublished').first()).toBeVisible()

  await publish(page)
  await expect.poll(() => storedDocument('page.webinar-strategy')?.title).toBe('Webinar Strategy')
  await expect.poll(() => siteStatus('/webinar-strategy')).toBe(200)
})
