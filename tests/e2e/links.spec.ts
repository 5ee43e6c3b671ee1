import { expect, test } from '@playwright/test'
import { check, LinkState } from 'linkinator'
import { SITE_PORT } from './playwright.config'
import { seedRoutes } from './support/routes'

const origin = `http://127.0.0.1:${SITE_PORT}`

test('a crawl of the served site from every route finds no broken link or asset', async () => {
  test.setTimeout(120_000)
  const { links } = await check({
    path: seedRoutes().map((route) => `${origin}${route}`),
    recurse: true,
    concurrency: 8,
    // Other hosts (the app's sign-in, the embedded policy) are unreachable from this machine: not followed.
    linksToSkip: async (link) => !link.startsWith(origin),
  })
  const checked = links.filter(({ state }) => state !== LinkState.SKIPPED)
  const broken = links
    .filter(({ state }) => state === LinkState.BROKEN)
    .map(({ url, status, parent }) => `${status ?? 'no answer'} ${url} (linked from ${parent ?? 'the start'})`)
  expect(broken).toEqual([])
  // Pages, their data-free assets (font, stylesheets, scripts, images) and the pages they link to.
  expect(checked.length).toBeGreaterThan(seedRoutes().length)
})
