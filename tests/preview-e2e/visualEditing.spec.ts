import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { vercelStegaSplit } from '@vercel/stega'
import { type StaticServer, startStaticServer } from '../../apps/server/src/static/staticServer'
import { waitForHydration, watchConsole } from '../e2e/support/pageChecks'
import { PREVIEW_PORT } from './playwright.config'

const previewDir = fileURLToPath(new URL('../../apps/web/dist-preview', import.meta.url))
const seedFile = fileURLToPath(new URL('../../content/seed.ndjson', import.meta.url))

/** The home hero heading as the seed has it. */
function seedHomeHeading(): string {
  for (const line of readFileSync(seedFile, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const doc = JSON.parse(line) as { _id: string; sections?: Array<{ _type: string; heading?: string }> }
    if (doc._id !== 'page.home') continue
    const heading = doc.sections?.find((section) => section._type === 'heroSection')?.heading
    if (heading) return heading
  }
  throw new Error('No home hero heading in the seed')
}

let server: StaticServer

test.beforeAll(async () => {
  server = await startStaticServer({ dir: previewDir, port: PREVIEW_PORT })
})
test.afterAll(async () => {
  await server?.close()
})

test('the preview build hydrates with overlay targets, edit links in its copy and the visual-editing code loaded', async ({
  page,
}) => {
  const problems = watchConsole(page)
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const scripts: string[] = []
  page.on('response', (response) => scripts.push(new URL(response.url()).pathname))

  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => scripts.some((path) => /\/LivePreview-[^/]+\.js$/.test(path))).toBe(true)
  await expect.poll(() => scripts.some((path) => /\/renderVisualEditing-[^/]+\.js$/.test(path))).toBe(true)

  const targets = page.locator('[data-sanity]')
  expect(await targets.count()).toBeGreaterThan(3)
  await expect(targets.first()).toHaveAttribute('data-sanity', /^id=page\.home;type=page;path=sections:/)
  expect(await targets.first().boundingBox()).toMatchObject({ width: expect.any(Number) })

  const heading = await page.locator('h1').first().innerText()
  expect(heading).not.toBe(seedHomeHeading()) // it carries the invisible edit link…
  expect(vercelStegaSplit(heading).cleaned.trim()).toBe(seedHomeHeading()) // …and reads the same

  expect(problems).toEqual([])
})
