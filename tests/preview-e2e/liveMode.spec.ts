import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { applyPerspective, inferContentSourceMap, parseNdjson, runQuery, type SanityDocument } from '@site/content-api'
import { vercelStegaDecode, vercelStegaSplit } from '@vercel/stega'
import { build } from 'vite'
import { type StaticServer, startStaticServer } from '../../apps/server/src/static/staticServer'
import { watchConsole } from '../e2e/support/pageChecks'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testBrowser'
import { datasetIndexForTests } from './datasetIndex'
import { PREVIEW_PORT } from './playwright.config'

// The Studio origin the preview build lets frame it (SANITY_STUDIO_URL's default); the test answers
// for it with page.route, so nothing listens there.
const STUDIO_ORIGIN = 'http://localhost:3333'
const DRAFT_HEADING = 'A draft heading, typed in the Studio'

const previewDir = fileURLToPath(new URL('../../apps/web/dist-preview', import.meta.url))
const seedFile = fileURLToPath(new URL('../../content/seed.ndjson', import.meta.url))

interface QueryListen {
  projectId: string
  dataset: string
  perspective: string
  query: string
  params: Record<string, unknown>
}

/** The seed with an unpublished draft of the home page whose hero heading was edited. */
function seedWithHomeDraft(): SanityDocument[] {
  const documents = parseNdjson(readFileSync(seedFile, 'utf8'))
  const home = documents.find((doc) => doc._id === 'page.home')!
  const sections = (home.sections as Array<{ _type: string; heading?: string }>).map((section) =>
    section._type === 'heroSection' ? { ...section, heading: DRAFT_HEADING } : section,
  )
  return [...documents, { ...home, _id: 'drafts.page.home', sections }]
}

async function bundleHarness(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      lib: {
        entry: fileURLToPath(new URL('./studioHarness.ts', import.meta.url)),
        formats: ['es'],
        fileName: 'harness',
      },
      minify: false,
    },
  })
  const [result] = Array.isArray(output) ? output : [output]
  if (!result || !('output' in result)) throw new Error('vite did not bundle the harness')
  const chunk = result.output.find((file) => file.type === 'chunk')
  if (chunk?.type !== 'chunk') throw new Error('no harness chunk')
  return chunk.code
}

// The stand-in Studio page is answered by page.route, so it has no address and Chromium counts it as a
// public page, which may not frame a local one; the real Studio and preview are both public or both local.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessRespectPreflightResults',
    ],
  },
})

let server: StaticServer
let harnessCode: string

test.beforeAll(async () => {
  server = await startStaticServer({ dir: previewDir, port: PREVIEW_PORT })
  harnessCode = await bundleHarness()
})
test.afterAll(async () => {
  await server?.close()
})

test('live mode: draft content the Studio sends through the window connection replaces the prerendered copy', async ({
  page,
}) => {
  const problems = watchConsole(page)
  await page.route(`${STUDIO_ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url())
    if (pathname === '/harness.js') return route.fulfill({ contentType: 'text/javascript', body: harnessCode })
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Studio</title><body data-preview-url="${server.origin}/"><script type="module" src="/harness.js"></script></body>`,
    })
  })
  await page.goto(`${STUDIO_ORIGIN}/`)
  const preview = page.frameLocator('iframe')
  const heading = preview.locator('h1').first()
  await expect(heading).toBeVisible({ timeout: 15_000 })

  // The site registers the route's query with the "Studio"…
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { liveQueries?: unknown[] }).liveQueries?.length ?? 0), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0)
  const [listen] = await page.evaluate(() => (window as unknown as { liveQueries: QueryListen[] }).liveQueries)
  expect(listen).toMatchObject({ projectId: 'embedded', dataset: 'production', params: { path: '/' } })

  // …which answers with the drafts, as the hosted API would, source map included.
  const documents = applyPerspective(seedWithHomeDraft(), 'drafts')
  const result = await runQuery(documents, listen!.query, listen!.params)
  const resultSourceMap = inferContentSourceMap(result, datasetIndexForTests(documents))
  await page.evaluate(
    (change) => (window as unknown as { sendQueryResult: (value: unknown) => void }).sendQueryResult(change),
    {
      ...listen!,
      result,
      resultSourceMap,
    },
  )

  await expect.poll(async () => vercelStegaSplit(await heading.innerText()).cleaned.trim()).toBe(DRAFT_HEADING)
  const link = vercelStegaDecode<{ href: string }>(await heading.innerText())
  expect(new URL(link!.href).searchParams.get('id')).toBe('page.home')
  expect(problems).toEqual([])
})
