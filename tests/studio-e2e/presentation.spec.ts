import { expect, test } from '@playwright/test'
import { PREVIEW_URL, SITE_URL } from './studioServer'
import { discardDraft, openStudio, storedDocument } from './support'

test('the Preview tool shows the page, opens the field an editor clicks, and shows the draft as it is typed', async ({
  page,
}) => {
  await openStudio(page)
  await page.getByRole('link', { name: 'Preview' }).click()
  // The heading as published now (another test of this run may have changed it).
  const { sections } = storedDocument('page.home') as { sections: { _type: string; heading: string }[] }
  const published = sections.find((section) => section._type === 'heroSection')?.heading
  if (!published) throw new Error('The home page has no hero heading in the dataset')
  const preview = page.frameLocator(`iframe[src^="${PREVIEW_URL}"]`)
  const heading = preview.locator('h1')
  await expect(heading).toContainText(published)

  // Click-to-edit: the outlined heading opens the home page's hero, with its heading field focused. The
  // overlays start once the frame has connected to the Studio, which under load can follow the page.
  const field = page.locator('input:focus')
  await expect(async () => {
    await heading.click()
    await expect(field).toHaveValue(published, { timeout: 3_000 })
  }).toPass()

  // What the editor types is in the preview before anything is published, and only there.
  await field.press('End')
  await field.pressSequentially(' Today')
  await expect(heading).toContainText(`${published} Today`)
  expect(await (await fetch(`${SITE_URL}/`)).text()).not.toContain(`${published} Today`)

  await discardDraft('page.home')
})
