import type { Page } from '@playwright/test'

/** Collects console errors and warnings (hydration mismatches among them) and uncaught page errors. */
export function watchConsole(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/** Waits until React has hydrated the prerendered page (root.tsx marks <html> once effects run). */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}
