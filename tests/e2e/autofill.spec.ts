import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import type { LeadDetailJson, LeadSummaryJson } from '@site/leads/admin'
import { startLeadReceiver } from '../leads/support/leadReceiver'
import { admin, freePort, type ServerProcess, startServerProcess } from '../leads/support/serverProcess'
import { openForm } from './support/formPages'
import { expectToast } from './support/toasts'

// A person whose browser fills the contact form (autofill) sends it a second or two after the form showed. With
// the proof of work on, that speed alone must never hold the lead (issue 39, docs/lead-safety.md). The site's
// own server is started here with the spam protection a site runs with, and a minimum fill time no browser
// fill can reach, so that the lead is certainly "too fast".
const site = fileURLToPath(new URL('../../apps/web/dist', import.meta.url))

let server: ServerProcess
let receiver: Awaited<ReturnType<typeof startLeadReceiver>>
let data: string

test.beforeAll(async () => {
  receiver = await startLeadReceiver()
  data = mkdtempSync(join(tmpdir(), 'autofill-'))
  server = await startServerProcess({
    site,
    port: await freePort(),
    env: {
      LEADS_DATA_DIR: join(data, 'leads'),
      CONTACT_WEBHOOK_URL: receiver.url('/contact'),
      LEAD_SPAM_PROTECTION: 'on',
      LEAD_SPAM_THRESHOLD: '2',
      LEAD_MIN_FILL_SECONDS: '600',
      LEAD_OUTBOX_POLL_MS: '200',
    },
  })
})

test.afterAll(async () => {
  await server?.kill('SIGTERM')
  await receiver?.close()
  rmSync(data, { recursive: true, force: true })
})

test('a contact form filled at autofill speed with a valid proof of work is delivered, only marked as quick', async ({
  page,
}) => {
  const email = `autofill.${Date.now()}@example.com`
  const submit = await openForm(page, `${server.origin}/contact`, 'Send Message')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ann Lee')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(864) 555-0142')
  await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Lee Wealth Partners')
  await page.getByRole('combobox', { name: 'I’m interested in' }).selectOption({ label: 'Ad Management' })
  await submit.click()
  await expectToast(page, 'success', 'Message Sent!', "We'll get back to you within 24 hours.")

  await expect.poll(() => receiver.received.filter(({ body }) => body.includes(email)).length).toBe(1)
  const { leads } = await admin<{ leads: LeadSummaryJson[] }>(server.origin, '/api/admin/leads')
  const lead = leads.find((summary) => summary.email === email)
  expect(lead).toBeDefined()
  const detail = await admin<LeadDetailJson>(server.origin, `/api/admin/leads/${lead?.id}`)
  expect(detail.reasons).toStrictEqual([{ reason: 'sent-too-fast', held: false }])
  expect(detail.lead.quarantine_reason).toBeNull()
})
