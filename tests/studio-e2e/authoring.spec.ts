import { expect, test } from '@playwright/test'
import { SITE_URL } from './studioServer'
import { openDocument, openStudio, publish, retryMark, storedDocument, storedDocuments } from './support'

const storedResourceBySlug = (slug: string) =>
  storedDocuments().find((document) => (document.slug as { current?: string } | undefined)?.current === slug)

const siteHtml = async (path: string) => (await fetch(`${SITE_URL}${path}`)).text()

test('a new resource written in the Studio, with a heading and a link in its body, is published to the library', async ({
  page,
}) => {
  // It writes a whole article and then edits a page: more than most tests.
  test.setTimeout(360_000)
  // A retry writes a resource of its own: the first attempt's may be published already, and slugs are unique.
  const attempt = retryMark((attempt) => ` ${attempt}`)
  const title = `Compliance-Friendly Social Media for Advisors${attempt}`
  const slug = `compliance-friendly-social-media-for-advisors${attempt.replace(' ', '-')}`
  await openStudio(page)
  await page.getByRole('link', { name: 'Resources' }).click()
  await page.getByRole('link', { name: 'All resources' }).click()
  await page.getByTestId('action-intent-button').click()

  await page.locator('[id="title"]').fill(title)
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(page.locator('[id="slug"]')).toHaveValue(slug)
  await page.getByRole('radio', { name: 'Article' }).check()
  await page.locator('[id="description"]').fill('What you can post, what must be archived, and how to stay visible.')
  await page.locator('[id="publishedAt"]').fill('2026-11-25')
  await page.locator('[id="readTime"]').fill('6')

  const body = page.getByTestId('field-body').locator('[contenteditable="true"]')
  await body.click()
  await page.keyboard.type('What the rules allow')
  await page.getByTestId('field-body').getByRole('button', { name: 'Normal' }).click()
  await page.getByRole('menuitem', { name: 'Heading 2' }).click()
  await body.press('End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Book a compliance review')
  await page.keyboard.press('Shift+Home')
  await page.getByTestId('field-body').getByRole('button', { name: 'Link' }).click()
  // The link's own field (the closing call to action has a "Destination" too).
  await page.locator('input[id*="markDefs"][id$=".href"]').fill('/contact')
  await page.keyboard.press('Escape')

  await page.getByRole('tab', { name: 'SEO' }).click()
  await page.locator('[id="seo.title"]').fill('Social Media Compliance for Advisors')
  await page.locator('[id="seo.description"]').fill('A practical guide to compliant social media for advisors.')
  await publish(page)

  await expect.poll(() => storedResourceBySlug(slug)?.title).toBe(title)

  // The library lists the resources its editors pick: add the new one to the Resources page's grid.
  await openStudio(page)
  await page.getByRole('link', { name: 'Pages' }).click()
  // By its address too: the desk's own "Resources" item has the same title.
  await page.getByRole('link', { name: /^Resources\s*\/resources$/ }).click()
  await page.getByTestId('field-sections').getByText('Guides, Articles and Training', { exact: true }).click()
  const grid = page.getByTestId(/field-sections\[.*\]\.resources$/)
  // The new item's reference search, inside the section's dialog. A click on "Add item" while the dialog is
  // still settling can be lost (the search typed into then was the Pages pane's): click until the item is there.
  const search = grid.getByRole('combobox')
  await expect(async () => {
    if ((await search.count()) === 0) await grid.getByRole('button', { name: 'Add item' }).click()
    await expect(search).toBeVisible({ timeout: 10_000 })
  }).toPass()
  await search.fill('Compliance-Friendly')
  await page.getByRole('option', { name: new RegExp(title) }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await publish(page)
  await expect.poll(() => siteHtml('/resources')).toContain(title)

  // The article at its own address, on the dev server that was already running when it was created.
  const article = await fetch(`${SITE_URL}/resources/${slug}`)
  expect(article.status).toBe(200)
  const articleHtml = await article.text()
  expect(articleHtml).toMatch(/<h2[^>]*>What the rules allow<\/h2>/)
  expect(articleHtml).toMatch(/<a[^>]*href="\/contact"[^>]*>Book a compliance review<\/a>/)
})

test('a section dragged below the next one by its handle is published in its new place', async ({ page }) => {
  const moved = 'Put Advisors in Front of the Right People'
  const next = 'Not Another Lead Vendor'
  await openStudio(page)
  await openDocument(page, 'Pages', 'About')
  // The array renders only the rows in view; each row's own handle is found from its heading.
  const handleOf = (heading: string) =>
    page
      .getByTestId('field-sections')
      .getByText(heading, { exact: true })
      .locator('xpath=ancestor::*[.//*[@data-ui="DragHandleButton"]][1]')
      .locator('[data-ui="DragHandleButton"]')
  await page.getByTestId('field-sections').evaluate((field) => field.scrollIntoView({ block: 'start' }))
  await handleOf(next).scrollIntoViewIfNeeded()
  const from = await handleOf(moved).boundingBox()
  const to = await handleOf(next).boundingBox()
  if (!from || !to) throw new Error('the sections have no drag handles')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 8, { steps: 12 })
  await page.mouse.up()
  await publish(page)

  const headings = () =>
    ((storedDocument('page.about')?.sections as { heading?: string }[] | undefined) ?? []).map(
      (section) => section.heading,
    )
  await expect.poll(headings).toEqual(expect.arrayContaining([moved, next]))
  await expect.poll(() => headings().indexOf(moved) - headings().indexOf(next)).toBe(1)
  await expect
    .poll(async () => {
      const html = await siteHtml('/about')
      return html.indexOf(moved) > html.indexOf(next)
    })
    .toBe(true)
})
