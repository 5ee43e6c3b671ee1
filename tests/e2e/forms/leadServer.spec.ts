import { expect, test } from '@playwright/test'
import { openForm } from '../support/formPages'
import {
  armFault,
  disarmFault,
  expectPayload,
  recordedEmails,
  recordedWith,
  TEAM_EMAIL,
  uniqueEmail,
} from '../support/recordedWebhooks'
import { expectToast } from '../support/toasts'

// The default build with the production server (apps/server): the visitor's success waits only for the
// lead to be stored; what the webhook answers is the outbox's business (playwright.config.ts sets its
// retry timing short for these tests).
const SUCCESS = { title: 'Message Sent!', description: "We'll get back to you within 24 hours." }

async function sendContact(page: import('@playwright/test').Page, email: string, onReady = () => {}) {
  const submit = await openForm(page, '/contact', 'Send Message')
  onReady()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Dana Whitfield')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('combobox', { name: 'I’m interested in' }).selectOption({ label: 'Ad Management' })
  await submit.click()
}

test('a receiver answering 500: the visitor sees success at once, and the lead is sent again under the same webhook-id until it arrives', async ({
  page,
}) => {
  const email = uniqueEmail('server-500')
  await armFault('contact', 'status500', email, 2)
  await sendContact(page, email)
  await expectToast(page, 'success', SUCCESS.title, SUCCESS.description)
  await expect.poll(async () => (await recordedWith(email, 'contact')).length, { timeout: 20_000 }).toBe(3)
  const attempts = await recordedWith(email, 'contact')
  expect(new Set(attempts.map((attempt) => attempt.webhookId)).size).toBe(1)
  expect(attempts.every((attempt) => attempt.body === attempts[0]?.body)).toBe(true)
  expectPayload(JSON.parse(attempts[0]?.body ?? '{}'), {
    name: 'Dana Whitfield',
    email,
    phone: '',
    company: '',
    interest: 'ads',
    message: '',
    source: 'advisorgrowth-website',
  })
})

test('a receiver that never answers keeps nobody waiting: success shows at once, the lead arrives once the receiver answers', async ({
  page,
}) => {
  const email = uniqueEmail('server-hang')
  await armFault('contact', 'hang', email, 1)
  // From the form ready (not the page's load, which a loaded machine stretches): the receiver's hang never counts.
  let sentAt = Date.now()
  await sendContact(page, email, () => {
    sentAt = Date.now()
  })
  await expectToast(page, 'success', SUCCESS.title, SUCCESS.description)
  expect(Date.now() - sentAt).toBeLessThan(5_000)
  await disarmFault('contact', email)
  await expect.poll(async () => (await recordedWith(email, 'contact')).length, { timeout: 20_000 }).toBe(1)
})

test('the team hears of a lead sent in the browser by e-mail, in seconds: the subject says form, name and interest, every answer under its label, a reply goes to the visitor', async ({
  page,
}) => {
  const email = uniqueEmail('server-email')
  await sendContact(page, email)
  await expectToast(page, 'success', SUCCESS.title, SUCCESS.description)
  await expect.poll(async () => (await recordedEmails(email)).length, { timeout: 20_000 }).toBe(1)
  const [mail] = await recordedEmails(email)
  expect(mail?.to).toEqual([TEAM_EMAIL])
  expect(mail?.subject).toBe('Contact: Dana Whitfield · Ad Management')
  expect(mail?.replyTo).toContain(email)
  // The option's label, never its stored value (`ads`).
  expect(mail?.text).toContain('Interest\n\nAd Management')
  expect(mail?.text).toContain(`Email\n\n${email}`)
  expect(mail?.text).not.toMatch(/\bads\b/)
})
