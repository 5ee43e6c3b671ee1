import { expect, test } from '@playwright/test'
import { HREF_MESSAGE } from '@site/schemas/constants'
import { openDocument, openStudio, publish, storedDocument } from './support'

test('a schema rule shows as the editor types and blocks publishing: a javascript: link, a missing required field', async ({
  page,
}) => {
  await openStudio(page)
  await page.getByRole('link', { name: 'Site settings' }).click()
  await page.getByRole('tab', { name: 'Header' }).click()
  await page.locator('[id="headerCta.href"]').fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Validation' }).click()
  await expect(page.getByText(HREF_MESSAGE)).toBeVisible()
  await expect(page.getByTestId('action-publish')).toBeDisabled()

  await page.locator('[id="headerCta.href"]').fill('/contact')
  await expect(page.getByText(HREF_MESSAGE)).toHaveCount(0)
  await page.getByRole('tab', { name: 'General' }).click()
  await page.locator('[id="companyName"]').fill('')
  await expect(page.getByText('Required')).toBeVisible()
  await expect(page.getByTestId('action-publish')).toBeDisabled()
  expect(storedDocument('siteSettings')?.companyName).toBe('AdvisorGrowth')
})

test('an SEO title over 60 characters shows its warning and still publishes', async ({ page }) => {
  const title = 'AdvisorGrowth | Exclusive, Qualified Appointments for Financial Advisors and Agents'
  await openStudio(page)
  await openDocument(page, 'Pages', 'About')
  await page.getByRole('tab', { name: 'SEO' }).click()
  await page.locator('[id="seo.title"]').fill(title)
  await page.getByRole('button', { name: 'Validation' }).click()
  await expect(page.getByText('Search engines cut titles longer than 60 characters')).toBeVisible()
  await publish(page)
  await expect.poll(() => (storedDocument('page.about')?.seo as { title?: string } | undefined)?.title).toBe(title)
})

test('the site settings can be published or their draft discarded, never duplicated or deleted; a page can', async ({
  page,
}) => {
  await openStudio(page)
  await openDocument(page, 'Pages', 'About')
  await page.getByTestId('action-menu-button').click()
  await expect(page.getByRole('menuitem', { name: /Duplicate/ })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: /Delete/ })).toBeVisible()
  await page.keyboard.press('Escape')

  await page.getByRole('link', { name: 'Site settings' }).click()
  await page.locator('[id="tagline"]').fill('A draft, so that every action the settings allow is offered')
  await page.getByTestId('action-menu-button').click()
  await expect(page.getByRole('menuitem', { name: /Discard changes/ })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: /Duplicate/ })).toHaveCount(0)
  await expect(page.getByRole('menuitem', { name: /Delete/ })).toHaveCount(0)
})
