import { expect, type Page, test } from '@playwright/test'
import type { LeadDetailJson, LeadSummaryJson } from '@site/leads/admin'
import { LEADS_URL, SITE_URL } from './studioServer'
import { openStudio, publish, storedDocuments } from './support'

/**
 * A marketer's first campaign page, alone in the real Studio: a new page at a new address, a hero and the
 * contact form renamed for a webinar registration (its labels as on the contact page, the interest question off,
 * no side cards, no SEO typed), published, live on the site, and its first lead in the Leads tool.
 */
const ADMIN = { authorization: 'Bearer studio-e2e-lead-admin-token' }

async function admin<T>(path: string): Promise<T> {
  const response = await fetch(`${LEADS_URL}${path}`, { headers: ADMIN })
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

const storedPageAt = (path: string) =>
  storedDocuments().find((document) => (document.path as { current?: string } | undefined)?.current === path)

/** Adds a section of `type` (its title in the insert menu) at the end of the page's sections. */
async function addSection(page: Page, type: string) {
  const sections = page.getByTestId('field-sections')
  const menuItem = page.getByRole('menuitem', { name: type, exact: true })
  // A click on "Add item" while the form is still settling can be lost: click until the menu is open.
  await expect(async () => {
    if ((await menuItem.count()) === 0) await sections.getByRole('button', { name: 'Add item' }).last().click()
    await expect(menuItem).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 60_000 })
  await menuItem.click()
  await expect(page.getByRole('dialog')).toBeVisible()
}

/** Waits for the page to hydrate; a cold dev server may re-bundle and reload once (see leads.spec.ts). */
async function hydrated(page: Page) {
  const marker = page.locator('html[data-hydrated]')
  try {
    await marker.waitFor({ state: 'attached', timeout: 20_000 })
  } catch {
    await page.reload()
    await marker.waitFor({ state: 'attached' })
  }
}

test('a campaign page built alone in the Studio goes live with its renamed form, and its first lead arrives', async ({
  page,
}) => {
  // The whole flow took 35 s alone on the built Studio. On the dev server at load 15, the new document's form
  // alone took 147 s to open (its listeners re-subscribed every two seconds until it settled).
  test.setTimeout(480_000)
  const stamp = Date.now()
  const title = `Fall Webinar ${stamp}`
  const path = `/fall-webinar-${stamp}`
  const heading = 'Grow Your Book with One Webinar a Month'
  const email = `webinar.${stamp}@example.com`

  await test.step('a new page with a hero and a renamed contact form, published without SEO texts', async () => {
    await openStudio(page)
    await page.getByRole('link', { name: 'Pages' }).click()
    await page.getByTestId('action-intent-button').click()
    await expect(page.locator('[id="title"]')).toBeVisible({ timeout: 240_000 })
    await page.locator('[id="title"]').fill(title)
    await page.getByRole('button', { name: 'Generate' }).click()
    await expect(page.locator('[id="path"]')).toHaveValue(path)

    await addSection(page, 'Hero')
    await page.getByRole('dialog').getByRole('textbox', { name: 'Heading', exact: true }).fill(heading)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await addSection(page, 'Contact form')
    const form = page.getByRole('dialog')
    // It starts with the contact page's labels: nothing to type for a working form.
    await expect(form.getByRole('textbox', { name: 'Name label', exact: true })).toHaveValue('Name')
    await expect(form.getByRole('textbox', { name: 'Button label', exact: true })).toHaveValue('Send Message')
    await form.getByRole('textbox', { name: 'Heading', exact: true }).fill('Save Your Seat')
    await form.getByRole('textbox', { name: 'Button label', exact: true }).fill('Register for the Webinar')
    await form.getByRole('checkbox', { name: 'Ask what they are interested in' }).uncheck()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await publish(page)
    await expect.poll(() => storedPageAt(path)?.title).toBe(title)
    expect(storedPageAt(path)?.seo).toBeUndefined()
  })

  await test.step('"Duplicate this page" is offered on it', async () => {
    await page.getByTestId('action-menu-button').click()
    await expect(page.getByRole('menuitem', { name: 'Duplicate this page' })).toBeVisible()
    await page.keyboard.press('Escape')
  })

  await test.step('live on the site: the hero, the renamed form without the interest question, SEO fallbacks', async () => {
    await page.goto(`${SITE_URL}${path}`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Save Your Seat' })).toBeVisible()
    await expect(page.getByRole('combobox')).toHaveCount(0)
    await expect(page.getByText('Get in Touch')).toHaveCount(0)
    await expect(page).toHaveTitle(`${title} | AdvisorGrowth`)
    const description = (
      storedDocuments().find((document) => document._id === 'siteSettings') as { description: string }
    ).description
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description)
  })

  await test.step('a visitor registers: the thank-you card, and the lead in the Leads tool', async () => {
    const submit = page.getByRole('button', { name: 'Register for the Webinar', exact: true })
    await expect(submit).toBeEnabled()
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Rosa Delgado')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Delgado Retirement Group')
    await submit.click()
    await expect(page.getByText('Message Sent!')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Thank You for Reaching Out!' })).toBeVisible()

    const { leads } = await admin<{ leads: LeadSummaryJson[] }>(`/api/admin/leads?q=${encodeURIComponent(email)}`)
    expect(leads).toHaveLength(1)
    const { lead } = await admin<LeadDetailJson>(`/api/admin/leads/${leads[0]?.id}`)
    expect(lead.form).toBe('contact')
    expect(lead.payload).toMatchObject({
      name: 'Rosa Delgado',
      email,
      company: 'Delgado Retirement Group',
      interest: '',
    })
    // The address the form was sent from, as the browser had it.
    expect((lead.attribution as { page?: string } | null)?.page).toBe(`${SITE_URL}${path}`)

    await openStudio(page)
    await page.goto('/leads')
    await page.getByRole('textbox', { name: 'Search name, e-mail or company' }).fill(email)
    await page.getByRole('button', { name: 'Apply' }).click()
    const row = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').filter({ hasText: email })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Rosa Delgado · Delgado Retirement Group')
  })
})
