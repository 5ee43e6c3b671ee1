import { expect, test } from '@playwright/test'
import { waitForHydration, watchConsole } from './support/pageChecks'
import { seedRoutes } from './support/routes'

for (const path of seedRoutes()) {
  test(`${path} renders one h1 and hydrates with no console error or warning`, async ({ page }) => {
    const problems = watchConsole(page)
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.locator('h1')).not.toBeEmpty()
    await waitForHydration(page)
    expect(problems).toEqual([])
  })
}

test('routes match case-insensitively', async ({ page }) => {
  await page.goto('/ABOUT')
  await expect(page).toHaveURL('/about')
  await expect(page.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page')
})

test('every route change scrolls to the top and focuses the new page heading', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL('/about')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page.locator('h1')).toBeFocused()
})

test('the header links, the active page, Book a Demo and Sign In', async ({ page }) => {
  await page.goto('/solutions')
  const nav = page.getByRole('navigation', { name: 'Main' })
  const expected = [
    ['Home', '/'],
    ['Solutions', '/solutions'],
    ['App', '/app'],
    ['About', '/about'],
    ['Resources', '/resources'],
  ]
  const links = nav.getByRole('link')
  await expect(links).toHaveCount(expected.length)
  for (const [index, [name, href]] of expected.entries()) {
    await expect(links.nth(index)).toHaveText(name!)
    await expect(links.nth(index)).toHaveAttribute('href', href!)
  }
  await expect(nav.getByRole('link', { name: 'Solutions' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.locator('[aria-current]')).toHaveCount(1)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book a Demo' })).toHaveAttribute('href', '/contact')
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' })
  await expect(signIn).toHaveAttribute('href', 'https://app.example.test/auth')
  await expect(signIn).toHaveAttribute('target', '_blank')
  await expect(signIn).toHaveAttribute('rel', 'noopener noreferrer')
})

test('the full footer: three columns, tagline, bottom row with the current year', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  const columns: Record<string, Array<[string, string]>> = {
    Solutions: [
      ['Sales Enablement App', '/app'],
      ['Build & Release', '/solutions'],
      ['Rocket', '/solutions'],
      ['Webinars', '/webinar-strategy'],
    ],
    Company: [
      ['About Us', '/about'],
      ['Contact Us', '/contact'],
      ['Resources', '/resources'],
    ],
    Legal: [
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Cookie Policy', '/cookie-policy'],
    ],
  }
  for (const [title, links] of Object.entries(columns)) {
    const column = footer.getByRole('navigation', { name: title })
    await expect(column.getByRole('link')).toHaveCount(links.length)
    for (const [name, href] of links)
      await expect(column.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  await expect(footer.getByText('Empowering Financial Advisors')).toBeVisible()
  await expect(footer.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeVisible()
})

test('landing and article pages use the simple footer; articles link back to the library', async ({ page }) => {
  for (const path of ['/ad-app', '/resources/sales-funnel']) {
    await page.goto(path)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link')).toHaveCount(0)
    await expect(footer).toContainText(`© ${new Date().getFullYear()} AdvisorGrowth`)
  }
  await page.getByRole('link', { name: 'Back to Resources' }).click()
  await expect(page).toHaveURL('/resources')
})

test('the mobile menu opens with its toggle and closes when a link is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  await waitForHydration(page)
  const toggle = page.getByRole('button', { name: 'Open menu' })
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav).toBeHidden()
  await toggle.click()
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  await expect(nav).toBeVisible()
  await nav.getByRole('link', { name: 'Resources' }).click()
  await expect(page).toHaveURL('/resources')
  await expect(nav).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
})

test('the FAQ accordion keeps one item open at a time and can collapse, before any script has run', async ({
  browser,
}) => {
  // Native disclosure elements: the accordion needs no JavaScript at all.
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  const items = page.locator('details')
  await expect(items).toHaveCount(6)
  const [first, second] = [items.nth(0), items.nth(1)]
  await first.locator('summary').click()
  await expect(first).toHaveAttribute('open', '')
  await expect(first.locator('p')).toBeVisible()
  await second.locator('summary').click()
  await expect(second).toHaveAttribute('open', '')
  await expect(first).not.toHaveAttribute('open')
  await expect(first.locator('p')).toBeHidden()
  await second.locator('summary').click()
  await expect(page.locator('details[open]')).toHaveCount(0)
  await context.close()
})

// The seed's giveaway ends at the end of 2027-12-31 (Eastern); the build was made before it.
const GIVEAWAY_END = new Date('2027-12-31T23:59:59-05:00')

test('once its end date has passed, the giveaway shows zeros and the ended message, and offers no form', async ({
  page,
}) => {
  await page.clock.install({ time: new Date(GIVEAWAY_END.getTime() + 60_000) })
  await page.goto('/conference-giveaway')
  await waitForHydration(page)
  const countdown = page.getByRole('timer')
  await expect(countdown).toBeVisible()
  await expect(countdown).toContainText('00')
  await expect(countdown).not.toContainText(/[1-9]/)
  await expect(page.getByRole('heading', { name: 'This giveaway has ended' })).toBeVisible()
  await expect(page.getByText('Entries closed at the end of the countdown.', { exact: false })).toBeVisible()
  await expect(page.locator('form')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Enter to Win' })).toHaveCount(0)
})

test('an open giveaway page closes when the countdown reaches its end', async ({ page }) => {
  // Two minutes before the end (the page's clock runs on while it loads), then on past the end.
  await page.clock.install({ time: new Date(GIVEAWAY_END.getTime() - 120_000) })
  await page.goto('/conference-giveaway')
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: 'Enter to Win' })).toBeVisible()
  await page.clock.runFor(125_000)
  await expect(page.getByRole('heading', { name: 'This giveaway has ended' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enter to Win' })).toHaveCount(0)
})

test('the countdown ticks every second before its end date', async ({ page }) => {
  await page.clock.install({ time: new Date(GIVEAWAY_END.getTime() - 120_000) })
  await page.goto('/conference-giveaway')
  await waitForHydration(page)
  const countdown = page.getByRole('timer')
  const before = await countdown.innerText()
  await page.clock.runFor(3000)
  await expect.poll(() => countdown.innerText()).not.toBe(before)
})
