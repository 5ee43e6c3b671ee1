import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { parseNdjson, seedFilePath } from '@site/content-api'
import { waitForHydration, watchConsole } from './support/pageChecks'

const seed = parseNdjson(readFileSync(seedFilePath(), 'utf8'))
const homeHero = (seed.find((doc) => doc._id === 'page.home')?.sections as Array<{ _type: string; heading?: string }>).find(
  (section) => section._type === 'heroSection',
)!

test('the prerendered home page shows the seed content and hydrates without a warning', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHero.heading!)
  await waitForHydration(page)
  expect(problems).toEqual([])
})

test('the served HTML already carries the content, before any script runs', async ({ request }) => {
  const response = await request.get('/')
  expect(response.status()).toBe(200)
  expect(await response.text()).toContain(homeHero.heading!.replace(/'/g, '&#x27;'))
})

test('an unknown path is the not-found page, with status 404 and the path logged', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await waitForHydration(page)
  expect(errors.some((text) => text.includes('/no-such-page'))).toBe(true)
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHero.heading!)
})

test('the page renders its first frame before any of its JavaScript is requested, then hydrates', async ({ page }) => {
  // Headless Chromium reports first-contentful-paint late (at the next drawn frame), so the first
  // rendered frame is timed with an animation-frame callback registered before the HTML arrives.
  await page.addInitScript(() => {
    requestAnimationFrame(() => document.documentElement.setAttribute('data-first-frame', String(performance.now())))
  })
  await page.goto('/about')
  await waitForHydration(page)
  const timing = await page.evaluate(() => ({
    firstFrame: Number(document.documentElement.getAttribute('data-first-frame')),
    parsed: performance.getEntriesByType('navigation')[0]!.toJSON().domContentLoadedEventEnd as number,
    scriptStarts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime),
  }))
  expect(timing.firstFrame).toBeGreaterThan(0)
  expect(timing.scriptStarts.length).toBeGreaterThan(3)
  expect(Math.min(...timing.scriptStarts)).toBeGreaterThan(Math.max(timing.firstFrame, timing.parsed))
})
