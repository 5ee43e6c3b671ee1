import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { InsightsReport } from '@site/leads/insights'
import { LEADS_URL } from './studioServer'
import { openStudio } from './support'

// The Insights tool in the real Studio, reading the lead server `pnpm studio` started with the local editor's
// token: its figures are the admin API's (what `pnpm insights --json` prints), its tables export as CSV.
const ADMIN_TOKEN = 'studio-e2e-lead-admin-token'
const VISITOR = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function adminReport(day: string): Promise<InsightsReport> {
  const response = await fetch(`${LEADS_URL}/api/admin/insights?from=${day}&to=${day}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as InsightsReport
}

test('a campaign visit shows in the Insights tool as the admin API counts it, and its table exports as CSV', async ({
  browser,
  page,
}, testInfo) => {
  const day = new Date().toISOString().slice(0, 10)
  // Base 36: a run of nine digits or more would read as a phone number and count as "(other)" (docs/insights.md).
  const campaign = `insights-${Date.now().toString(36)}`
  const visitor = await browser.newContext({ userAgent: VISITOR })
  const site = await visitor.newPage()
  await site.goto(`${LEADS_URL}/?utm_source=studio-e2e&utm_medium=test&utm_campaign=${campaign}`)
  await site.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await site.getByRole('navigation').first().getByRole('link', { name: 'About', exact: true }).click()
  await expect(site).toHaveURL(`${LEADS_URL}/about`)
  await expect
    .poll(async () => (await adminReport(day)).campaigns.find((row) => row.campaign === campaign)?.visits ?? 0)
    .toBe(1)
  await visitor.close()
  const report = await adminReport(day)

  await openStudio(page)
  await page.goto('/insights')
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: 'From' }).fill(day)
  await page.getByRole('textbox', { name: 'To' }).fill(day)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('total-pageViews')).toContainText(report.totals.pageViews.toLocaleString('en'))
  await expect(page.getByTestId('total-visitors')).toContainText(report.totals.visitors.toLocaleString('en'))
  await expect(page.getByTestId('total-leads')).toContainText(report.totals.leads.toLocaleString('en'))
  const campaigns = page.getByTestId('table-campaigns')
  const row = campaigns.getByRole('row').filter({ hasText: campaign })
  await expect(row.getByRole('cell')).toHaveText(['studio-e2e', 'test', campaign, '1', '0', '0.0 %', '0', '0'])
  await expect(page.getByTestId('questionnaire-chart').locator('.recharts-bar-rectangles')).toHaveCount(2)
  await page.screenshot({ path: testInfo.outputPath('insights-tool.png'), fullPage: true })

  const download = page.waitForEvent('download')
  await campaigns.getByRole('button', { name: 'Export CSV' }).click()
  const file = await (await download).path()
  const csv = readFileSync(file, 'utf8')
  expect(csv.split('\r\n')[0]).toBe(
    'Source,Medium,Campaign,Visits,Leads,Conversion,In the CRM,Leads from uncounted visits',
  )
  expect(csv).toContain(`\r\nstudio-e2e,test,${campaign},1,0,0.0 %,0,0\r\n`)
})
