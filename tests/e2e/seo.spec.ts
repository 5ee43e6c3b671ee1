import { expect, test } from '@playwright/test'
import { waitForHydration } from './support/pageChecks'
import { seedRoutes } from './support/routes'

const SITE_URL = 'https://www.example.test' // SITE_URL of the test build (scripts/test-all.sh)

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!))

test.describe('the served HTML, read without running scripts', () => {
  for (const path of seedRoutes()) {
    test(`${path} carries its h1, title, description, canonical and share tags`, async ({ request }) => {
      const html = await (await request.get(path)).text()
      const h1 = attribute(html, /<h1[^>]*>(.*?)<\/h1>/s)
      expect(h1?.replace(/<[^>]+>/g, '').trim()).toBeTruthy()
      const title = decode(attribute(html, /<title>(.*?)<\/title>/s) ?? '')
      const description = decode(attribute(html, /<meta name="description" content="([^"]*)"/) ?? '')
      expect(title.length).toBeGreaterThan(10)
      expect(description.length).toBeGreaterThan(50)
      expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${SITE_URL}${path}`)
      expect(attribute(html, /<meta property="og:title" content="([^"]*)"/)).toBeTruthy()
      // The site settings' share image (/og-default.png), cut to 1200x630 by the image pipeline, beside the page.
      const image = attribute(html, /<meta property="og:image" content="([^"]*)"/)!
      expect(image).toMatch(new RegExp(`^${SITE_URL}/assets/images/og-default-1200w-[0-9a-f]{16}\\.png$`))
      expect(attribute(html, /<meta name="twitter:image" content="([^"]*)"/)).toBe(image)
      expect(attribute(html, /<meta property="og:image:width" content="([^"]*)"/)).toBe('1200')
      expect(attribute(html, /<meta property="og:image:height" content="([^"]*)"/)).toBe('630')
      const served = await request.get(image.slice(SITE_URL.length))
      expect(served.headers()['content-type']).toBe('image/png')
      expect(attribute(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image')
      for (const data of jsonLd(html)) expect(data['@context']).toBe('https://schema.org')
    })
  }

  test('titles and descriptions are unique across routes', async ({ request }) => {
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() }
    for (const path of seedRoutes()) {
      const html = await (await request.get(path)).text()
      seen.titles.add(attribute(html, /<title>(.*?)<\/title>/s)!)
      seen.descriptions.add(attribute(html, /<meta name="description" content="([^"]*)"/)!)
    }
    expect(seen.titles.size).toBe(seedRoutes().length)
    expect(seen.descriptions.size).toBe(seedRoutes().length)
  })

  test('JSON-LD: Organization on home, Article on resources, FAQPage where an FAQ is shown', async ({ request }) => {
    const types = async (path: string) => jsonLd(await (await request.get(path)).text()).map((data) => data['@type'])
    expect(await types('/')).toEqual(['Organization', 'FAQPage'])
    expect(await types('/resources/sales-funnel')).toEqual(['Article'])
    expect(await types('/ad-funnels')).toEqual(['FAQPage'])
    expect(await types('/about')).toEqual([])
    const [faq] = jsonLd(await (await request.get('/')).text()).filter((data) => data['@type'] === 'FAQPage')
    expect(faq.mainEntity).toHaveLength(6)
  })

  test('a hero background image is requested with the HTML, with the candidates of its <picture>', async ({
    request,
  }) => {
    const html = await (await request.get('/conference-giveaway')).text()
    const preloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((match) => match[0])
    // One per art direction (the phone's portrait crop, the rest), each in the first format the <picture> offers.
    expect(preloads).toHaveLength(2)
    const attribute = (tag: string, name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1]
    expect(preloads.map((tag) => attribute(tag, 'media'))).toEqual(['(max-width: 599px)', '(min-width: 600px)'])
    for (const tag of preloads) {
      expect(attribute(tag, 'type')).toBe('image/avif')
      expect(attribute(tag, 'fetchPriority')).toBe('high')
      expect(attribute(tag, 'imageSizes')).toBe('100vw')
      const srcset = attribute(tag, 'imageSrcSet') ?? ''
      // The same candidates as the picture's <source>, so the preloaded file is the one the picture takes.
      expect(html).toContain(`type="image/avif" srcSet="${srcset}"`)
      const candidates = srcset.split(', ').map((candidate) => candidate.split(' ')[0]!)
      expect(candidates.length).toBeGreaterThan(2)
      for (const url of candidates) {
        expect(url).toMatch(/^\/assets\/images\/greenville-downtown-\d+w-[0-9a-f]{16}\.avif$/)
        const response = await request.get(url)
        expect(response.status()).toBe(200)
        expect(response.headers()['content-type']).toBe('image/avif')
      }
    }
    expect(html).not.toContain('greenville-downtown.webp')
    const imagePreloads = (await (await request.get('/')).text()).match(/<link rel="preload" as="image"/g)
    expect(imagePreloads).toBeNull() // its hero has no image
  })

  test("the spec's image address still answers: the hero's original", async ({ request }) => {
    const response = await request.get('/greenville-downtown.jpg')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('image/jpeg')
  })

  test('the not-found page is noindex and answered with 404', async ({ request }) => {
    const response = await request.get('/no-such-page')
    expect(response.status()).toBe(404)
    expect(await response.text()).toContain('<meta name="robots" content="noindex"/>')
  })
})

test('sitemap.xml lists exactly the routes, and robots.txt points at it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const locations = [...sitemap.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]).sort()
  expect(locations).toEqual(
    seedRoutes()
      .map((path) => `${SITE_URL}${path}`)
      .sort(),
  )
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`)
})

// Identifiers that survive minification: react-hook-form options, zod's error class, sonner's markup.
const FORM_LIBRARY_MARKERS = { 'react-hook-form': 'shouldUnregister', zod: 'ZodError', sonner: 'data-sonner-toaster' }

// Every JavaScript file the page requested, whatever fetched it: Vite's lazy imports are first requested by a
// <link rel="modulepreload">, which Chromium does not classify as a 'script' resource. The files are read again
// afterwards: the browser does not keep the body of every response (a Web Worker's script, such as the proof
// of work's, answers "Response body is unavailable").
async function scriptsLoadedBy(
  page: import('@playwright/test').Page,
  path: string,
  loaded: () => Promise<void> = async () => {},
): Promise<string> {
  const urls = new Set<string>()
  const collect = (response: import('@playwright/test').Response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) urls.add(response.url())
  }
  page.on('response', collect)
  try {
    await page.goto(path, { waitUntil: 'networkidle' })
    await loaded()
  } finally {
    page.off('response', collect)
  }
  const bodies = await Promise.all([...urls].map(async (url) => (await page.request.get(url)).text()))
  return bodies.join('\n')
}

test('routes without a form load none of the form libraries', async ({ page }) => {
  for (const path of ['/', '/about', '/resources/sales-funnel']) {
    const code = await scriptsLoadedBy(page, path)
    for (const [library, marker] of Object.entries(FORM_LIBRARY_MARKERS)) {
      expect(code.includes(marker), `${library} loaded on ${path}`).toBe(false)
    }
  }
})

test('a route with a form loads them (the markers above really identify the libraries)', async ({ page }) => {
  const code = await scriptsLoadedBy(page, '/contact', async () => {
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached()
    // The button is in the prerendered HTML; it is enabled once the lazily loaded form (and its libraries) runs.
    await waitForHydration(page)
    await expect(page.getByRole('button', { name: 'Send Message', exact: true })).toBeEnabled()
  })
  for (const marker of Object.values(FORM_LIBRARY_MARKERS)) expect(code).toContain(marker)
})
