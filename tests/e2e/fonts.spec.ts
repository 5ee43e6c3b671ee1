import { expect, type Page, test } from '@playwright/test'
import { waitForHydration, watchConsole } from './support/pageChecks'

declare global {
  interface Window {
    /** What the page recorded from its first animation frame on (see recordFirstFrame). */
    fontCheck: { firstFrame: number; interAtFirstFrame: boolean; layoutShift: number }
  }
}

/** Before the HTML arrives: the time of the first frame, whether <html> was marked for Inter by then, and the page's layout shifts. */
async function recordFirstFrame(page: Page) {
  await page.addInitScript(() => {
    window.fontCheck = { firstFrame: 0, interAtFirstFrame: false, layoutShift: 0 }
    requestAnimationFrame(() => {
      window.fontCheck.firstFrame = performance.now()
      window.fontCheck.interAtFirstFrame = document.documentElement.hasAttribute('data-font-inter')
    })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.fontCheck.layoutShift += Number(entry.toJSON().value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

const bodyFont = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily)
const interStatus = (page: Page) =>
  page.evaluate(() => [...document.fonts].find((face) => face.family.replace(/"/g, '') === 'Inter Variable')?.status)

test('a first visit is painted in the metric-matched fallback; Inter is fetched after the first frame and used from the next page, with no layout shift', async ({
  page,
}) => {
  const problems = watchConsole(page)
  await recordFirstFrame(page)
  await page.goto('/')
  await waitForHydration(page)
  expect(await bodyFont(page)).toMatch(/^"Inter Variable Fallback: Arial"/)

  await expect.poll(() => interStatus(page)).toBe('loaded')
  const timing = await page.evaluate(() => ({
    firstFrame: window.fontCheck.firstFrame,
    fontStarts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.woff2'))
      .map((entry) => entry.startTime),
  }))
  expect(timing.fontStarts).toHaveLength(1)
  expect(timing.fontStarts[0]).toBeGreaterThan(timing.firstFrame)
  // Fetched, not used: the text on the screen stays as it was.
  expect(await bodyFont(page)).toMatch(/^"Inter Variable Fallback: Arial"/)
  expect(await page.evaluate(() => window.fontCheck.layoutShift)).toBe(0)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  expect(await bodyFont(page)).toMatch(/^"Inter Variable", "Inter Variable Fallback: Arial"/)
  expect(problems).toEqual([])
})

// Nothing marks the browser as having Inter: the site stores nothing on the device (issue 41,
// docs/experiments.md). A later visit is painted in the fallback again, and uses Inter from its next page.
test('a later visit in the same browser starts in the fallback again, keeps no font marker, and never shifts the layout', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => interStatus(page)).toBe('loaded')

  await recordFirstFrame(page)
  await page.goto('/contact')
  await waitForHydration(page)
  expect(await page.evaluate(() => window.fontCheck.interAtFirstFrame)).toBe(false)
  expect(await bodyFont(page)).toMatch(/^"Inter Variable Fallback: Arial"/)
  expect(await page.evaluate(() => window.fontCheck.layoutShift)).toBe(0)
  // The marker lived in localStorage.
  expect(await page.evaluate(() => localStorage.length)).toBe(0)
})
