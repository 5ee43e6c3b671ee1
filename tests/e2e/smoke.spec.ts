import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { parseNdjson, seedFilePath } from '@site/content-api'
import { waitForHydration, watchConsole } from './support/pageChecks'

const seed = parseNdjson(readFileSync(seedFilePath(), 'utf8'))
const homeSections = seed.find((doc) => doc._id === 'page.home')!.sections as Array<{ _type: string; heading?: string }>
const homeHero = homeSections.find((section) => section._type === 'heroSection')!
// The seed runs an experiment on the home hero: `pnpm serve` shows each page view one of its variants.
const homeVariants = seed.find((doc) => doc._id === 'experiment.home-hero')!.variants as Array<{ heading?: string }>
const homeHeadings = homeVariants.map((variant) => variant.heading ?? homeHero.heading!)
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Waits for the home page's `h1` to show one of the variants' headings, and returns the one shown. */
async function shownHomeHeading(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(new RegExp(`^(${homeHeadings.map(escapeRegExp).join('|')})$`))
  return (await heading.textContent()) ?? ''
}

test('the prerendered home page shows the seed content and hydrates without a warning', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/')
  await shownHomeHeading(page)
  await waitForHydration(page)
  expect(problems).toEqual([])
})

test('the served HTML already carries the content, before any script runs', async ({ request }) => {
  const response = await request.get('/')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(homeHeadings.filter((heading) => html.includes(heading.replace(/'/g, '&#x27;')))).toHaveLength(1)
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
  await shownHomeHeading(page)
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

test('the global styles, which only the prerender renders, still apply after hydration and a client navigation', async ({
  page,
}) => {
  const globalRules = () =>
    page.evaluate(() => ({
      bodyMargin: getComputedStyle(document.body).margin,
      boxSizing: getComputedStyle(document.querySelector('main')!).boxSizing,
      fontVariable: getComputedStyle(document.documentElement).getPropertyValue('--font-sans').trim(),
    }))
  const expected = {
    bodyMargin: '0px',
    boxSizing: 'border-box',
    fontVariable: expect.stringMatching(/^"Inter Variable Fallback: Arial"/),
  }
  await page.goto('/')
  await waitForHydration(page)
  expect(await globalRules()).toEqual(expected)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  expect(await globalRules()).toMatchObject({ bodyMargin: '0px', boxSizing: 'border-box' })
})

test('an embedded policy document is requested after the page has been painted and hydrated, not with the HTML', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/privacy-policy')).text()
  expect(html).toMatch(/<iframe[^>]* data-deferred-src="https:\/\/docs\.google\.com\/[^"]+"/)
  // Only the <noscript> copy, for a visitor without JavaScript, has its address: a browser running scripts
  // does not load it (tests/e2e/images.spec.ts shows each to its visitor).
  const [, noscript] = html.match(/<noscript>(.*?)<\/noscript>/s) ?? []
  expect(noscript).toMatch(/^<iframe src="https:\/\/docs\.google\.com\/[^"]+"/)
  expect(html.replace(/<noscript>.*?<\/noscript>/gs, '')).not.toMatch(/<iframe[^>]* src=/)

  await page.goto('/privacy-policy')
  await waitForHydration(page)
  const frame = page.getByTitle('AdvisorGrowth Policies')
  await expect(frame).toHaveAttribute('src', 'https://docs.google.com/document/d/e/2PACX-policy/pub?embedded=true')
  await expect(frame).not.toHaveAttribute('data-deferred-src')
})

test('sections that need no JavaScript keep their prerendered markup: their code loads only when a client navigation renders them', async ({
  page,
}) => {
  const problems = watchConsole(page)
  const chunks: string[] = []
  page.on('response', (response) => {
    const file = new URL(response.url()).pathname.split('/').pop()!
    if (file.endsWith('.js')) chunks.push(file.replace(/-[\w-]+\.js$/, ''))
  })
  await page.goto('/')
  await waitForHydration(page)
  const shownHeading = await shownHomeHeading(page)
  const firstQuestion = seed.find((doc) => doc._id === 'faq.home-1')?.question as string
  const faq = page.locator('details', { hasText: firstQuestion })
  await faq.locator('summary').click() // a native disclosure: it opens with no code of its own
  await expect(faq).toHaveAttribute('open', '')
  for (const staticSection of [
    'FaqSection',
    'HeroSection',
    'ChallengeSolutionSection',
    'PillarsSection',
    'TestimonialsSection',
    'FeatureGridSection',
    'CtaSection',
  ]) {
    expect(chunks).not.toContain(staticSection)
  }

  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByRole('link', { name: 'See How It Works' }).click()
  await expect(page).toHaveURL('/app')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seedHeadingOf('page.app', 'heroSection'))
  expect(chunks).toEqual(
    expect.arrayContaining([
      'HeroSection',
      'DashboardSection',
      'FeatureGridSection',
      'StepsSection',
      'StatsSection',
      'CtaSection',
    ]),
  )
  await page.goBack()
  // The variant this document was served, kept in memory: not a new draw.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shownHeading)
  await expect(
    page.getByRole('heading', { level: 2, name: seedHeadingOf('page.home', 'pillarsSection') }),
  ).toBeVisible()
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true) // no reload on the way
  expect(problems).toEqual([])
})

/** The heading of the first section of a type on a page, in the seed. */
function seedHeadingOf(pageId: string, type: string): string {
  const sections = seed.find((doc) => doc._id === pageId)?.sections as Array<{ _type: string; heading?: string }>
  return sections.find((section) => section._type === type)!.heading!
}

test('a client navigation whose section code cannot load (a newer deploy removed it) loads the page as a document instead', async ({
  page,
}) => {
  await page.route(/\/assets\/DashboardSection-[\w-]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'Not Found' }),
  )
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByRole('link', { name: 'See How It Works' }).click()
  await expect(page).toHaveURL('/app')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seedHeadingOf('page.app', 'heroSection'))
  await expect(
    page.getByRole('heading', { level: 2, name: seedHeadingOf('page.app', 'dashboardSection') }),
  ).toBeVisible()
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false)
})
