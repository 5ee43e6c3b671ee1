import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './support/pageChecks'
import { seedRoutes } from './support/routes'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const HTML_CODESNIFFER = readFileSync(
  createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8',
)

interface SnifferMessage {
  type: number
  code: string
  msg: string
  element: string
}

/** HTML_CodeSniffer's WCAG 2 AA errors (type 1; warnings and notices ask for a human's judgement). */
async function codeSnifferErrors(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (a script tag would be refused).
  await page.evaluate(HTML_CODESNIFFER)
  const messages = await page.evaluate(
    () =>
      new Promise<SnifferMessage[]>((resolve) => {
        const sniffer = (window as unknown as { HTMLCS: HtmlCodeSniffer }).HTMLCS
        sniffer.process('WCAG2AA', document, () =>
          resolve(
            sniffer.getMessages().map(({ type, code, msg, element }) => ({
              type,
              code,
              msg,
              element: element instanceof Element ? element.outerHTML.slice(0, 120) : String(element?.nodeName),
            })),
          ),
        )
      }),
  )
  return messages.filter(({ type }) => type === 1).map(({ code, msg, element }) => `${code}: ${msg} ${element}`)
}

interface HtmlCodeSniffer {
  process(standard: string, content: Document, callback: () => void): void
  getMessages(): { type: number; code: string; msg: string; element: Node | null }[]
}

for (const width of [390, 1280]) {
  for (const path of [...seedRoutes(), '/no-such-page']) {
    test(`${path} at ${width}px: no WCAG 2.2 AA violation for axe, no WCAG 2 AA error for HTML_CodeSniffer`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(path)
      await waitForHydration(page)
      // Legacy mode runs axe in the page itself. The default opens a blank page for every analysis to merge
      // the frames' results, which cost 1.2 s of the 1.9 s each analysis took; the only frames here are the
      // legal pages' embedded documents, whose content is another site's.
      const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).withTags(WCAG_TAGS).analyze()
      const axeFindings = violations.map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
      expect(axeFindings).toEqual([])
      expect(await codeSnifferErrors(page)).toEqual([])
    })
  }
}
