import { expect, type Locator, type Page } from '@playwright/test'

/** sonner's toast types: error is the destructive style, default the neutral one (no data-type). */
export type ToastType = 'success' | 'error' | 'default'

/** The toast whose title is exactly `title`. */
export function toastTitled(page: Page, title: string): Locator {
  const exactly = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
  return notifications(page)
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]', { hasText: exactly }) })
}

/** The page's notification region (SPEC section 8: labelled "Notifications", hotkey Alt+T). */
export function notifications(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications alt+T' })
}

/**
 * Waits for the toast titled `title` (up to `timeout` ms, else the expect timeout) and checks its
 * description and style word for word.
 */
export async function expectToast(
  page: Page,
  type: ToastType,
  title: string,
  description: string,
  timeout?: number,
): Promise<Locator> {
  const toast = toastTitled(page, title)
  await expect(toast).toBeVisible({ timeout })
  if (type === 'default') await expect(toast).not.toHaveAttribute('data-type')
  else await expect(toast).toHaveAttribute('data-type', type)
  await expect(toast.locator('[data-title]')).toHaveText(title)
  await expect(toast.locator('[data-description]')).toHaveText(description)
  return toast
}
