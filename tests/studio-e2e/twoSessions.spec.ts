import { expect, test } from '@playwright/test'
import { STUDIO_URL } from './studioServer'
import { openDocument, openStudio, publish, storedDocument } from './support'

// Two tabs of one browser, the harder case than two editors' browsers: the tabs share the browser's six
// HTTP/1.1 connections to the lake, and each tab's listen streams hold some of them (README, "Browsers and
// listeners"), so an edit could wait on "Saving…" for a free one.
test("two Studio tabs on one document converge: each shows the other's edits, and what is published is both", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: STUDIO_URL, viewport: { width: 1400, height: 900 } })
  const first = await context.newPage()
  const second = await context.newPage()
  for (const tab of [first, second]) {
    await openStudio(tab)
    await openDocument(tab, 'FAQs', 'Who do you work with?')
  }
  const question = (tab: typeof first) => tab.getByRole('textbox', { name: 'Question' })
  const answer = (tab: typeof first) => tab.getByRole('textbox', { name: 'Answer' })

  // Each tab edits its own field; the lake's listen stream carries each edit to the other tab.
  await question(first).fill('Who do you work with, exactly?')
  await expect(question(second)).toHaveValue('Who do you work with, exactly?')
  await answer(second).fill('Financial advisors, insurance agents and IMO/FMO marketing organisations.')
  await expect(answer(first)).toHaveValue('Financial advisors, insurance agents and IMO/FMO marketing organisations.')

  await publish(second)
  await expect
    .poll(() => storedDocument('faq.home-1'))
    .toMatchObject({
      question: 'Who do you work with, exactly?',
      answer: 'Financial advisors, insurance agents and IMO/FMO marketing organisations.',
    })
  await expect(first.getByTestId('action-publish')).toBeDisabled()
})
