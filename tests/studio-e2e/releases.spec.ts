import { expect, type Page, test } from '@playwright/test'
import { LAKE_PORT, LAKE_TOKEN, SITE_URL } from './studioServer'
import { storedDocument } from './support'

// Issue 40, point 6: a campaign through the Studio's own Releases tool on the local lake. A marketer creates a
// release, puts an edit of two pages in it, and schedules it about a minute ahead in her own time zone; the
// lake's scheduler publishes both pages in one transaction within seconds of that time, and the site serves both.
test.use({ timezoneId: 'America/New_York' })

const TITLE = 'Spring campaign'
const EDITS = [
  {
    page: 'Rocket Ads Service',
    id: 'page.ads',
    path: '/ads',
    from: 'The Paid-Ads Engine That Delivers Exclusive Appointments',
  },
  {
    page: 'Sales-Enablement App',
    id: 'page.app',
    path: '/app',
    from: 'The Sales Platform Built for Financial Advisors',
  },
]

type Hero = { heading?: string }
const heroHeading = (document: Record<string, unknown> | undefined) =>
  ((document?.sections ?? []) as Hero[])[0]?.heading

/** A document as the lake serves it to the local editor: a version, a release, anything (`raw`). */
async function lakeDocument(id: string): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(`http://127.0.0.1:${LAKE_PORT}/v2025-02-19/data/doc/production/${id}`, {
    headers: { authorization: `Bearer ${LAKE_TOKEN}` },
  })
  return ((await response.json()) as { documents: Record<string, unknown>[] }).documents[0]
}

/** How the Studio's schedule dialog writes a time: "Nov 28, 2026 05:03", in the editor's zone. */
function studioTime(date: Date, timeZone: string): string {
  const day = date.toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' })
  const time = date.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' })
  return `${day} ${time}`
}

/**
 * Releases → New release: the Studio makes the new release the perspective every edit goes to. (It also opens
 * it, and can show "This release could not be found" first: the lake polls the releases listener,
 * docs/content-lake.md.)
 */
async function createRelease(page: Page, title: string): Promise<string> {
  await page.goto(`/releases#token=${LAKE_TOKEN}`)
  await page.getByRole('button', { name: 'New release' }).first().click()
  await page.getByRole('dialog').getByRole('textbox').first().fill(title)
  await page.getByRole('button', { name: 'Create release' }).click()
  await expect(page).toHaveURL(/perspective=r\w+/)
  const releaseId = /perspective=(r\w+)/.exec(page.url())?.[1] ?? ''
  expect(await lakeDocument(`_.releases.${releaseId}`)).toMatchObject({
    _type: 'system.release',
    state: 'active',
    metadata: { title },
  })
  await page.getByRole('link', { name: 'Structure' }).click()
  await page.getByRole('link', { name: 'Pages' }).click()
  return releaseId
}

async function openRelease(page: Page, title: string): Promise<void> {
  await page.getByRole('link', { name: 'Releases' }).click()
  await page.getByText(title).first().click()
}

/**
 * ⋯ → Schedule release…, at the next whole minute at least 60 s away, typed as the editor reads it (in New
 * York); the lake stores it in UTC. Returns the time.
 */
async function scheduleAMinuteAhead(page: Page, releaseId: string): Promise<Date> {
  await page.getByRole('button', { name: 'Release menu' }).first().click()
  await page.getByRole('menuitem', { name: /Schedule release/ }).click()
  const publishAt = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: 'New York' })).toBeVisible()
  const date = dialog.getByRole('textbox').first()
  await date.fill(studioTime(publishAt, 'America/New_York'))
  await date.press('Enter')
  await dialog.getByRole('button', { name: 'Yes, schedule' }).click()
  await expect
    .poll(async () => (await lakeDocument(`_.releases.${releaseId}`))?.publishAt)
    .toBe(publishAt.toISOString())
  expect((await lakeDocument(`_.releases.${releaseId}`))?.state).toBe('scheduled')
  return publishAt
}

async function expectPublishedWithin5s(releaseId: string, publishAt: Date): Promise<void> {
  const release = await lakeDocument(`_.releases.${releaseId}`)
  expect(release?.state).toBe('published')
  const late = Date.parse(String(release?.publishedAt)) - publishAt.getTime()
  expect(late).toBeGreaterThanOrEqual(0)
  expect(late).toBeLessThan(5_000)
}

async function addToReleaseAndEdit(page: Page, edit: (typeof EDITS)[number], releaseId: string, heading: string) {
  await page
    .getByRole('link', { name: new RegExp(`^${edit.page}\\b`) })
    .first()
    .click()
  await page.getByRole('button', { name: 'Add to release' }).first().click()
  await page.getByText(edit.from).first().click()
  await page.getByRole('textbox', { name: 'Heading' }).fill(heading)
  await page.keyboard.press('Escape')
  await expect.poll(async () => heroHeading(await lakeDocument(`versions.${releaseId}.${edit.id}`))).toBe(heading)
}

test('a release of two pages, scheduled in the Studio a minute ahead, goes live whole within seconds of its time', async ({
  page,
}) => {
  test.setTimeout(420_000)
  const attempt = test.info().retry ? ` (attempt ${test.info().retry + 1})` : ''
  const headings = EDITS.map((edit) => `Spring${attempt}: ${edit.from}`)

  const title = `${TITLE}${attempt}`
  const releaseId = await createRelease(page, title)
  for (const [index, edit] of EDITS.entries()) await addToReleaseAndEdit(page, edit, releaseId, headings[index] ?? '')
  // Nothing is live yet: the published pages and the site are as they were.
  for (const edit of EDITS) {
    expect(heroHeading(storedDocument(edit.id))).toBe(edit.from)
    expect(await (await fetch(`${SITE_URL}${edit.path}`)).text()).toContain(edit.from)
  }

  await openRelease(page, title)
  await expect(page.getByText('Change (2)')).toBeVisible()
  const publishAt = await scheduleAMinuteAhead(page, releaseId)
  await page.screenshot({ path: test.info().outputPath('release-scheduled.png') })

  // The lake's scheduler publishes the release at its time: both pages in one transaction.
  await expect.poll(() => heroHeading(storedDocument('page.ads')), { timeout: 150_000 }).toBe(headings[0])
  const [ads, app] = EDITS.map((edit) => storedDocument(edit.id))
  expect(heroHeading(app)).toBe(headings[1])
  expect(app?._rev).toBe(ads?._rev)
  await expectPublishedWithin5s(releaseId, publishAt)
  for (const [index, edit] of EDITS.entries()) {
    await expect.poll(async () => (await fetch(`${SITE_URL}${edit.path}`)).text()).toContain(headings[index])
  }
  // The Studio follows: the release it shows is published (its banner once crashed the tool on the lake).
  await expect(page.getByText('This release is published successfully.')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('release-published.png') })
})

// The other half of a campaign: a page that comes down at a time (the giveaway after the conference). In a
// release, "Unpublish when releasing" marks the page; scheduled, the page leaves the dataset and the site at
// that time (the built site answers its address 410 after `publish:changed`: docs/releases.md).
test('a page marked "Unpublish when releasing" in a scheduled release comes down within seconds of its time', async ({
  page,
}) => {
  test.setTimeout(420_000)
  const attempt = test.info().retry ? ` (attempt ${test.info().retry + 1})` : ''
  const title = `Funnel offer ends${attempt}`
  expect((await fetch(`${SITE_URL}/ad-funnels`)).status).toBe(200)
  const releaseId = await createRelease(page, title)
  await page
    .getByRole('link', { name: /^Funnel Package Sales Page\b/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Add to release' }).first().click()
  await page.getByTestId('action-menu-button').click()
  await page.getByRole('menuitem', { name: 'Unpublish when releasing' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, unpublish when releasing' }).click()
  await expect
    .poll(async () => (await lakeDocument(`versions.${releaseId}.page.ad-funnels`))?._system)
    .toEqual({
      delete: true,
    })
  expect(storedDocument('page.ad-funnels')).toBeDefined()

  await openRelease(page, title)
  const publishAt = await scheduleAMinuteAhead(page, releaseId)
  await expect.poll(() => storedDocument('page.ad-funnels'), { timeout: 150_000 }).toBeUndefined()
  await expectPublishedWithin5s(releaseId, publishAt)
  await expect.poll(async () => (await fetch(`${SITE_URL}/ad-funnels`)).status).toBe(404)
  await expect(page.getByText('This release is published successfully.')).toBeVisible()
})
