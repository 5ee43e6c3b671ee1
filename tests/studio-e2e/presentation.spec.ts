import { expect, test } from '@playwright/test'
import { createClient } from '@sanity/client'
import { EMBEDDED_DATASET, EMBEDDED_PROJECT_ID } from '@site/content-api/config'
import { LAKE_PORT, LAKE_TOKEN, PREVIEW_URL, SITE_URL } from './studioServer'
import { discardDraft, openStudio, retryMark, storedDocument } from './support'

/** The local editor's client on the suite's lake, as a script or another tool of the editor's would use it. */
const editor = createClient({
  projectId: EMBEDDED_PROJECT_ID,
  dataset: EMBEDDED_DATASET,
  apiHost: `http://127.0.0.1:${LAKE_PORT}`,
  useProjectHostname: false,
  apiVersion: '2025-02-19',
  token: LAKE_TOKEN,
  useCdn: false,
})

type HeroSection = { _type: string; heading: string }
const heroOf = (document: Record<string, unknown> | undefined) =>
  ((document?.sections ?? []) as HeroSection[]).find((section) => section._type === 'heroSection')

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

// Issue 40, point 4: a campaign previewed before it goes live. With a release picked as the Studio's perspective,
// the Preview tool shows the page as the release will make it (live mode: the Studio runs the page's query in
// that perspective), while the published site stays as it is.
test('the Preview tool, in a release picked as the perspective, shows the page as the release will publish it', async ({
  page,
}) => {
  const attempt = retryMark(String)
  const releaseId = `rpreview${attempt}`
  const home = storedDocument('page.home') as Record<string, unknown> & { sections: HeroSection[] }
  const published = heroOf(home)?.heading
  if (!published) throw new Error('The home page has no hero heading in the dataset')
  const inRelease = `${published} This Spring`
  await editor.releases.create({ releaseId, metadata: { title: `Spring offer${attempt}`, releaseType: 'asap' } })
  await editor.createVersion({
    releaseId,
    publishedId: 'page.home',
    document: {
      ...home,
      _id: `versions.${releaseId}.page.home`,
      _type: 'page',
      sections: home.sections.map((section) =>
        section._type === 'heroSection' ? { ...section, heading: inRelease } : section,
      ),
    },
  })

  // The perspective is a parameter of the Studio's address that follows the editor from tool to tool.
  await openStudio(page, `/structure?perspective=${releaseId}`)
  await page.getByRole('link', { name: 'Preview', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`perspective=${releaseId}`))
  const heading = page.frameLocator(`iframe[src^="${PREVIEW_URL}"]`).locator('h1')
  await expect(heading).toContainText(inRelease)
  expect(await (await fetch(`${SITE_URL}/`)).text()).not.toContain(inRelease)

  // Out of the release's perspective, the Preview tool shows the page as published.
  await openStudio(page)
  await page.getByRole('link', { name: 'Preview', exact: true }).click()
  await expect(heading).toContainText(published)
  await expect(heading).not.toContainText(inRelease)

  await editor.discardVersion({ releaseId, publishedId: 'page.home' })
  await editor.releases.archive({ releaseId })
})
