import { existsSync, readFileSync } from 'node:fs'
import { expect, type Page, type Request, test } from '@playwright/test'
import { lakeFilesFor } from '@site/content-api/lake'
import { DATASET_FILE, LAKE_PORT, LAKE_TOKEN, REQUEST_LOG } from './studioServer'

/** Opens the Studio signed in as the local editor (the token in the fragment, as the CLI prints it). */
export async function openStudio(page: Page, path = '/'): Promise<void> {
  await page.goto(`${path}#token=${LAKE_TOKEN}`)
  await expect(page.getByRole('link', { name: 'Pages' })).toBeVisible()
}

/**
 * What a retried test adds to the names it creates, so that they do not meet its first attempt's (published or
 * promoted already): nothing on the first attempt, `mark(2)` on the second.
 */
export function retryMark(mark: (attempt: number) => string): string {
  const { retry } = test.info()
  return retry ? mark(retry + 1) : ''
}

export async function openDocument(page: Page, listTitle: string, documentTitle: string): Promise<void> {
  await page.getByRole('link', { name: listTitle }).click()
  await page
    .getByRole('link', { name: new RegExp(`^${documentTitle}\\b`) })
    .first()
    .click()
  await expect(page.getByTestId('action-publish')).toBeVisible()
}

/**
 * Publishes the open document and waits until the Studio sends it. A click that lands while the Studio is
 * still settling a just-closed dialog can be swallowed (seen about one run in three after picking a
 * reference), and under load the request leaves seconds after the click, once validation has run: so the
 * button is clicked again only while no publish has left and the button is enabled (it disables while a
 * publish is under way, so a second one cannot follow). Once it has left, Publish must disable: if it stays
 * enabled, an edit saved after the publish made a new draft, which is published too.
 */
export async function publish(page: Page): Promise<void> {
  const button = page.getByTestId('action-publish')
  await expect(button).toBeEnabled()
  let sent = false
  const watch = (request: Request) => {
    if (request.url().includes('document.publish')) sent = true
  }
  page.on('request', watch)
  await expect(async () => {
    if (!sent && (await button.isEnabled())) await button.click({ timeout: 3_000 })
    await expect.poll(() => sent, { timeout: 5_000 }).toBe(true)
  }).toPass()
  page.off('request', watch)
  await expect(async () => {
    try {
      await expect(button).toBeDisabled({ timeout: 10_000 })
    } catch (error) {
      // Still enabled 10 s after its publish: an edit the Studio had not saved yet was saved after the publish,
      // as a new draft (CI under load, twice on 2026-11-28: the routing and authoring tests). An editor sees
      // Publish enabled and publishes again; so does the test, and the document is published whole.
      if (await button.isEnabled()) await button.click({ timeout: 3_000 })
      throw error
    }
  }).toPass()
}

const LAKE_FILES = lakeFilesFor(DATASET_FILE)

/** The documents one of the lake's files holds now (none when it has not written the file yet). */
function documentsIn(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** The published documents as the dataset file holds them now. */
export function storedDocuments(): Record<string, unknown>[] {
  return documentsIn(LAKE_FILES.published)
}

/** Throws the draft away through the lake's own API, so the tests after this one start from the seed. */
export async function discardDraft(id: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${LAKE_PORT}/v2025-02-19/data/mutate/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LAKE_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mutations: [{ delete: { id: `drafts.${id}` } }] }),
  })
  expect(response.status).toBe(200)
}

/** A draft (`drafts.<id>`) as the lake's drafts file beside the dataset file holds it now. */
export function storedDraft(id: string): Record<string, unknown> | undefined {
  return documentsIn(LAKE_FILES.drafts).find((document) => document._id === `drafts.${id}`)
}

/** The published document as the dataset file holds it now. */
export function storedDocument(id: string): Record<string, unknown> | undefined {
  return storedDocuments().find((document) => document._id === id)
}

// A failure leaves the lake's request log beside Playwright's screenshot.
test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('lake-requests.log', { path: REQUEST_LOG, contentType: 'text/plain' })
  }
})
