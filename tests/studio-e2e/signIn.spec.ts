import { expect, type Page, test } from '@playwright/test'
import { LAKE_TOKEN, LEADS_URL, STUDIO_URL } from './studioServer'

// Issue 43, point 5: the team e-mail's "Open the lead in the Studio" link, opened in a browser that never had
// the address `pnpm studio` prints (another browser, a phone). The Studio must say how to sign in, never crash
// ("Cannot read properties of undefined (reading 'filter')": the lake answered /auth/providers with {}), and
// lead to that lead once signed in.

/** A contact lead, as the site's form posts it (held or not, it is a lead with an address in the Studio). */
async function postLead(name: string): Promise<string> {
  const response = await fetch(`${LEADS_URL}/api/leads/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': `studio-sign-in-${Date.now()}`,
      origin: LEADS_URL,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36',
    },
    body: JSON.stringify({
      payload: {
        name,
        email: `sign-in.${Date.now()}@example.com`,
        phone: '',
        company: 'Whitfield Wealth',
        interest: 'ads',
        message: '',
        timestamp: new Date().toISOString(),
        source: 'advisorgrowth-website',
      },
      honeypot: '',
    }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) })

test('a lead’s link opened without the token: a page that says how to sign in, then that lead', async ({ page }) => {
  const name = 'Morgan Signin'
  const id = await postLead(name)
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))

  await page.goto(`/leads/${id}`)
  const signIn = page.getByRole('link', { name: 'Sign in with the local editor token' })
  await expect(signIn).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('Cannot read properties of undefined')).toHaveCount(0)
  await shot(page, 'studio-login')

  await signIn.click()
  await expect(page.getByRole('heading', { name: 'Sign in to the local Studio', level: 1 })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(`${STUDIO_URL}/#token=…`)
  await expect(page.getByRole('main')).toContainText(`You go on to ${STUDIO_URL}/leads/${id}.`)
  await page.getByLabel('Local editor token').fill('not-the-token')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'That is not this lake’s editor token. Copy it again from the address pnpm studio printed.',
  )
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'lake-sign-in-390')
  await page.setViewportSize({ width: 1280, height: 800 })
  await shot(page, 'lake-sign-in-1280')

  await page.getByLabel('Local editor token').fill(LAKE_TOKEN)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // Back at the lead's own address, signed in: the token is taken out of the address by the Studio.
  await expect(page).toHaveURL(`${STUDIO_URL}/leads/${id}`, { timeout: 60_000 })
  await expect(page.getByTestId('lead-detail').getByRole('heading', { name })).toBeVisible({ timeout: 60_000 })
  await shot(page, 'studio-lead-after-sign-in')
  // The Leads list with every lead's state by delivery kind, as a person sees it at a desk and on a phone.
  await page.setViewportSize({ width: 1280, height: 800 })
  await shot(page, 'leads-list-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'leads-list-390')
  expect(pageErrors.filter((message) => message.includes("reading 'filter'"))).toEqual([])
})
