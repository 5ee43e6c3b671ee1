import { expect, type Locator, type Page } from '@playwright/test'
import { waitForHydration } from './pageChecks'

/**
 * Opens the page at `path` and waits until its form can be used: the page has hydrated and the lazily
 * loaded form has enabled its submit button. Returns that button.
 */
export async function openForm(page: Page, path: string, submitName: string | RegExp): Promise<Locator> {
  await page.goto(path)
  await waitForHydration(page)
  const submit = page.getByRole('button', { name: submitName, exact: true })
  await expect(submit).toBeEnabled()
  return submit
}

/** Console errors the page logs from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}
