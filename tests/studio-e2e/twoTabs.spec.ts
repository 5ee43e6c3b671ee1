import { expect, type Page, test } from '@playwright/test'
import { LAKE_PORT } from './studioServer'
import { openDocument, openStudio, publish, storedDocument } from './support'

/** The host names a tab's listen streams reach the lake under. */
function listenHosts(tab: Page): Set<string> {
  const hosts = new Set<string>()
  tab.on('request', (request) => {
    const url = new URL(request.url())
    if (url.port === String(LAKE_PORT) && url.pathname.includes('/data/listen/')) hosts.add(url.hostname)
  })
  return hosts
}

// Two tabs of one browser share its connection pools, where each tab's listen streams hold connections for as
// long as the tab is open (docs/content-lake.md, "Browsers and listeners"): each tab reaches the lake under a host name of
// its own, so neither tab's edits wait for a connection the other holds.
test("two Studio tabs of one browser on one document: each shows the other's edit, neither is left saving, and what is published is both", async ({
  context,
}) => {
  const first = await context.newPage()
  const second = await context.newPage()
  const hosts = [listenHosts(first), listenHosts(second)]
  for (const tab of [first, second]) {
    await openStudio(tab)
    await openDocument(tab, 'FAQs', 'Who do you work with?')
  }
  const [firstHosts, secondHosts] = hosts.map((set) => [...set])
  expect(firstHosts).toEqual([expect.stringMatching(/^embedded\.tab-[a-z0-9]+\.localhost$/)])
  expect(secondHosts).toEqual([expect.stringMatching(/^embedded\.tab-[a-z0-9]+\.localhost$/)])
  expect(firstHosts).not.toEqual(secondHosts)

  const question = (tab: Page) => tab.getByRole('textbox', { name: 'Question' })
  const answer = (tab: Page) => tab.getByRole('textbox', { name: 'Answer' })
  // Values of this run's own, so a repeated run (--repeat-each) on the same dataset still changes something.
  const run = Date.now()
  const newQuestion = `Who do you work with, exactly? (${run})`
  const newAnswer = `Financial advisors, insurance agents and IMO/FMO marketing organisations (${run}).`
  // Each tab edits its own field; the lake's listen stream carries each edit to the other tab.
  await question(first).fill(newQuestion)
  await expect(question(second)).toHaveValue(newQuestion)
  await answer(second).fill(newAnswer)
  await expect(answer(first)).toHaveValue(newAnswer)

  await publish(second)
  await expect.poll(() => storedDocument('faq.home-1')).toMatchObject({ question: newQuestion, answer: newAnswer })
  for (const tab of [first, second]) {
    await expect(tab.getByTestId('action-publish')).toBeDisabled()
    await expect(tab.getByText('Saving...')).toHaveCount(0)
    await expect(tab.getByText('Trying to connect…')).toHaveCount(0)
  }
})
