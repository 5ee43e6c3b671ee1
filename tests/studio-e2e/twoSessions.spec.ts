import { expect, test } from '@playwright/test'
import { STUDIO_URL } from './studioServer'
import { openDocument, openStudio, publish, storedDocument } from './support'

// Two Studio sessions, as two editors (or two browsers) have them. Two tabs of one browser share its six
// HTTP/1.1 connections to the lake, and with two Studios' listeners open, an edit could wait for a free one
// ("Saving…") for longer than the test: the README lists this limit of the local lake.
test("two Studios on one document converge: each shows the other's edits, and what is published is both", async ({
  browser,
}) => {
  const session = () => browser.newContext({ baseURL: STUDIO_URL, viewport: { width: 1400, height: 900 } })
  const first = await (await session()).newPage()
  const second = await (await session()).newPage()
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
