import { expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './support/pageChecks'

/*
 * The giveaway's hero image (its page's largest paint) as a visitor gets it: the candidate for the
 * viewport, a placeholder while it loads, no layout shift when it arrives, and all of it without JavaScript.
 */
const GIVEAWAY = '/conference-giveaway'
const heroImage = (page: Page) => page.locator('section picture img').first()
const loaded = (page: Page) => heroImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)

for (const { width, height, narrow } of [
  { width: 390, height: 844, narrow: true },
  { width: 1280, height: 800, narrow: false },
]) {
  // Fails on the merged main (3 layout shifts on the giveaway page, at both widths, 2026-11-27), not yet
  // explained: the hero's late wrap that issue 43 names is the first suspect. Issue 43 stays open for it.
  test.fixme(`at ${width} px the hero image loads without a layout shift, over its placeholder`, async ({ page }) => {
    await page.setViewportSize({ width, height })
    // Every layout shift of the page, from before its first paint.
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // The image is held back (a very slow image on a fast page) until the page has painted and hydrated.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const requested: string[] = []
    await page.route('**/assets/images/**', async (route) => {
      requested.push(new URL(route.request().url()).pathname)
      await held
      await route.continue()
    })
    // Not until `load`: that waits for the image.
    await page.goto(GIVEAWAY, { waitUntil: 'domcontentloaded' })
    await waitForHydration(page)
    const image = heroImage(page)
    const box = await image.boundingBox()
    expect(await loaded(page)).toBe(false)
    const placeholder = await image.evaluate((img) => getComputedStyle(img))
    expect(placeholder.backgroundImage).toContain('data:image/jpeg;base64,')
    expect(placeholder.backgroundColor).not.toBe('rgba(0, 0, 0, 0)')
    release()
    await expect.poll(() => loaded(page)).toBe(true)
    expect(await image.boundingBox()).toEqual(box)
    // Layout shifts are reported with the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([])

    // The candidate the preload asked for is the one the picture shows: one image download, in AVIF.
    const shown = new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname
    expect(shown).toMatch(/\.avif$/)
    expect(new Set(requested)).toEqual(new Set([shown]))
    const narrowSet = await page
      .locator('picture source[media="(max-width: 599px)"][type="image/avif"]')
      .getAttribute('srcset')
    expect(narrowSet?.includes(shown)).toBe(narrow)
    // The element's own size and priority: the crop's aspect ratio, eager and first.
    expect(await image.getAttribute('width')).toBe('1600')
    expect(await image.getAttribute('height')).toBe('900')
    expect(await image.getAttribute('loading')).toBe('eager')
    expect(await image.getAttribute('fetchpriority')).toBe('high')
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the hero image shows', async ({ page }) => {
    await page.goto(GIVEAWAY)
    await expect.poll(() => loaded(page)).toBe(true)
    await expect(heroImage(page)).toBeVisible()
  })

  test("a legal page shows its policy document's frame, with its address", async ({ page }) => {
    await page.goto('/privacy-policy')
    const frames = page.locator('iframe')
    await expect(frames).toHaveCount(2)
    await expect(page.locator('iframe[data-deferred-src]')).toBeHidden()
    const shown = page.locator('iframe[src]')
    await expect(shown).toBeVisible()
    expect(await shown.getAttribute('src')).toMatch(/^https:\/\//)
  })
})

test('with JavaScript, a legal page shows one frame, given its address once the page has hydrated', async ({
  page,
}) => {
  await page.goto('/privacy-policy')
  await waitForHydration(page)
  const frames = page.locator('iframe')
  await expect(frames).toHaveCount(1)
  await expect(frames).toBeVisible()
  expect(await frames.getAttribute('src')).toMatch(/^https:\/\//)
})
