import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { LEADS_URL } from './studioServer'
import { openStudio } from './support'

/**
 * Follow-through in the real Studio: a status the operator sets with `pnpm leads status` shows in the Leads
 * tool, with its history; the editor then takes the lead in the tool, recorded as theirs through the Studio.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

function runLeads(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/entries/leads.ts', '--server', LEADS_URL, ...args],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, LEADS_ADMIN_TOKEN: 'studio-e2e-lead-admin-token', USER: 'ops' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
}

async function sendContact(page: Page, email: string) {
  await page.goto(`${LEADS_URL}/contact`)
  const marker = page.locator('html[data-hydrated]')
  try {
    await marker.waitFor({ state: 'attached', timeout: 20_000 })
  } catch {
    await page.reload()
    await marker.waitFor({ state: 'attached' })
  }
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Rory Vance')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('combobox', { name: 'I’m interested in' }).selectOption({ label: 'Ad Management' })
  await page.getByRole('button', { name: 'Send Message', exact: true }).click()
  await expect(page.getByText('Message Sent!')).toBeVisible()
}

test('a status set by pnpm leads status shows in the Leads tool with its history; the editor takes the lead there', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const email = `rory.${Date.now()}@example.com`
  await sendContact(page, email)
  await openStudio(page)
  await page.goto('/leads')
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('textbox', { name: 'Search name, e-mail or company' }).fill(email)
  await page.getByRole('button', { name: 'Apply' }).click()
  const row = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').filter({ hasText: email })
  await expect(row).toHaveCount(1)
  await row.getByRole('button').click()
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/)
  const id = /\/leads\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? ''
  const followThrough = page.getByTestId('follow-through')
  await expect(followThrough).toContainText('Nobody has taken it yet.')

  const cli = await runLeads(['status', id, 'won', '--value', '5000'])
  expect(cli).toMatchObject({ code: 0, stdout: `Lead ${id} is now won.\n` })
  await page.reload()
  await expect(followThrough).toContainText('Won · $5,000', { timeout: 30_000 })
  await expect(followThrough.getByTestId('history')).toContainText(
    'Status Won ($5,000) by ops through the command line',
  )

  await followThrough.getByRole('button', { name: 'Take it' }).click()
  await expect(page.getByTestId('lead-detail').getByRole('status')).toHaveText('You took it: it is yours.')
  await expect(followThrough).toContainText(/Taken by .+ at /)
  await expect(followThrough.getByTestId('history')).toContainText(/Taken by .+ through the Studio/)
})
