import { expect, type Page, test } from '@playwright/test'
import { LAKE_PORT, LAKE_TOKEN, SITE_URL } from './studioServer'
import { openDocument, openStudio, storedDocument } from './support'

// Issue 40, point 2: one document scheduled on its own, as Sanity's Scheduled Drafts do it from the document's
// menu (https://www.sanity.io/docs/studio/scheduled-drafts): a page's draft published at a time. The Studio makes
// it a release of one document (`cardinality: "one"`); the lake's scheduler publishes it at its time, as it does
// any release. (Studio 5.31 offers no "Schedule Unpublish" in that menu, though its strings exist: a page comes
// down at a time through a release, "Unpublish when releasing", in releases.spec.ts.)
test.use({ timezoneId: 'America/New_York' })

const WEBINAR = { id: 'page.webinar-strategy', title: 'Webinar Strategy', path: '/webinar-strategy' }
const FROM = 'A Webinar Strategy That Fills Your Calendar'

type Hero = { heading?: string }
const heroHeading = (document: Record<string, unknown> | undefined) =>
  ((document?.sections ?? []) as Hero[])[0]?.heading

async function lakeApi<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${LAKE_PORT}/v2025-02-19/data/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${LAKE_TOKEN}`, 'content-type': 'application/json' },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

async function lakeQuery<T>(query: string): Promise<T> {
  const path = `query/production?query=${encodeURIComponent(query)}&perspective=raw`
  return (await lakeApi<{ result: T }>(path)).result
}

/** The scheduled drafts waiting to publish `documentId`: releases of one document holding a version of it. */
async function scheduledDraftsOf(documentId: string): Promise<Array<{ _id: string; publishAt?: string }>> {
  const releases = await lakeQuery<Array<{ _id: string; publishAt?: string }>>(
    '*[_type == "system.release" && metadata.cardinality == "one" && state == "scheduled"]{_id, publishAt}',
  )
  const versions = new Set(await lakeQuery<string[]>('*[_id in path("versions.**")]._id'))
  return releases.filter((release) => versions.has(`versions.${releaseIdOf(release)}.${documentId}`))
}

const releaseIdOf = (release: { _id: string }) => release._id.replace('_.releases.', '')

async function releaseDocument(releaseId: string): Promise<Record<string, unknown> | undefined> {
  return (await lakeApi<{ documents: Array<Record<string, unknown>> }>(`doc/production/_.releases.${releaseId}`))
    .documents[0]
}

/** How the Studio's schedule dialog writes a time: "Nov 28, 2026 05:03", in the editor's zone. */
function studioTime(date: Date, timeZone: string): string {
  const day = date.toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' })
  const time = date.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' })
  return `${day} ${time}`
}

/** Fills the dialog's date with the next whole minute at least 60 s away, as the editor reads it (New York). */
async function pickAMinuteAhead(page: Page): Promise<Date> {
  const publishAt = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000)
  const date = page.getByRole('dialog').getByRole('textbox').first()
  await date.fill(studioTime(publishAt, 'America/New_York'))
  await date.press('Enter')
  return publishAt
}

/** A release's publish, within 5 s of its time. */
function expectPublishedWithin5s(release: Record<string, unknown> | undefined, publishAt: Date): void {
  expect(release?.state).toBe('published')
  const late = Date.parse(String(release?.publishedAt)) - publishAt.getTime()
  expect(late).toBeGreaterThanOrEqual(0)
  expect(late).toBeLessThan(5_000)
}

test("a page's draft scheduled from the document menu is published alone at its time, and the site serves it", async ({
  page,
}) => {
  test.setTimeout(420_000)
  const attempt = test.info().retry ? ` (attempt ${test.info().retry + 1})` : ''
  const heading = `Scheduled${attempt}: ${FROM}`
  await openStudio(page)
  await openDocument(page, 'Pages', WEBINAR.title)
  await page
    .getByText(heroHeading(storedDocument(WEBINAR.id)) ?? FROM)
    .first()
    .click()
  await page.getByRole('textbox', { name: 'Heading' }).fill(heading)
  await page.keyboard.press('Escape')

  await page.getByTestId('action-menu-button').click()
  await page.getByRole('menuitem', { name: 'Schedule publish' }).click()
  await expect(page.getByRole('dialog').getByText('Schedule draft for publishing')).toBeVisible()
  const publishAt = await pickAMinuteAhead(page)
  await page.getByRole('dialog').getByRole('button', { name: 'Schedule', exact: true }).click()

  // The Studio made a release of this one document, scheduled at that time (stored in UTC).
  await expect.poll(async () => (await scheduledDraftsOf(WEBINAR.id)).length).toBe(1)
  const [draft] = await scheduledDraftsOf(WEBINAR.id)
  expect(draft?.publishAt).toBe(publishAt.toISOString())
  // Nothing is live before its time.
  expect(heroHeading(storedDocument(WEBINAR.id))).not.toBe(heading)
  await page.screenshot({ path: test.info().outputPath('draft-scheduled.png') })

  await expect.poll(() => heroHeading(storedDocument(WEBINAR.id)), { timeout: 150_000 }).toBe(heading)
  expectPublishedWithin5s(await releaseDocument(releaseIdOf(draft ?? { _id: '' })), publishAt)
  await expect.poll(async () => (await fetch(`${SITE_URL}${WEBINAR.path}`)).text()).toContain(heading)
})
