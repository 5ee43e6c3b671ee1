import { expect, test } from '@playwright/test'
import type { LeadChallengeJson } from '@site/leads/spam'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { buildContactPayload } from '../../apps/web/app/forms/contact/contactPayload'
import { LEADS_URL } from './studioServer'
import { openStudio } from './support'

/**
 * Point 2 of issue 39 in the real Studio's Leads tool: a visitor who writes again with a new question is a lead
 * like any other, badged "Another message from this person", and its detail links to their first lead.
 */
/** A proof of work from the Studio's lead server, solved by altcha-lib's solver as the browser's worker runs it. */
async function solvedProof() {
  const issued = await fetch(`${LEADS_URL}/api/leads/challenge`)
  const { challenge } = (await issued.json()) as LeadChallengeJson
  const solution = await solveChallenge({
    challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey,
  })
  if (!solution) throw new Error('The challenge was not solved')
  return { challenge: { parameters: challenge.parameters, signature: challenge.signature ?? '' }, solution }
}

async function send(email: string, message: string, key: string): Promise<string> {
  const response = await fetch(`${LEADS_URL}/api/leads/contact`, {
    method: 'POST',
    headers: { origin: LEADS_URL, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      payload: buildContactPayload({
        name: 'Rhea Again',
        email,
        phone: '555-201-7788',
        company: 'Again Wealth',
        interest: 'funnels',
        message,
      }),
      honeypot: '',
      proof: await solvedProof(),
      attribution: { page: `${LEADS_URL}/contact` },
    }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

test('another message from a person is badged in the list, and its detail links to their first lead', async ({
  page,
}) => {
  const stamp = Date.now()
  const email = `again.${stamp}@example.com`
  const first = await send(email, 'Looking for help with funnels', `again-${stamp}-first-0123456789`)
  const second = await send(email, 'And what do ads cost?', `again-${stamp}-second-0123456789`)

  await openStudio(page)
  await page.goto('/leads')
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible()
  const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').filter({ hasText: email })
  await expect(rows).toHaveCount(2)
  // Newest first: the second message carries the badge, the first does not.
  await expect(rows.nth(0).getByLabel('State')).toContainText('Another message from this person')
  await expect(rows.nth(1).getByLabel('State')).not.toContainText('Another message from this person')
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/another-message-list-1280.png` })

  await rows.nth(0).getByRole('button').click()
  await expect(page).toHaveURL(new RegExp(`/leads/${second}$`))
  const mark = page.getByTestId('another-message')
  await expect(mark).toHaveText('Another message from this person. Open their first message')
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/another-message-detail-1280.png` })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/another-message-detail-390.png` })
  await page.setViewportSize({ width: 1280, height: 900 })

  await mark.getByRole('link', { name: 'Open their first message' }).click()
  await expect(page).toHaveURL(new RegExp(`/leads/${first}$`))
  await expect(page.getByTestId('lead-detail')).toContainText('Looking for help with funnels')
  await expect(page.getByTestId('another-message')).toHaveCount(0)
})
