import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { seedRoutes } from './support/routes'
import { waitForHydration } from './support/pageChecks'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

for (const width of [390, 1280]) {
  for (const path of [...seedRoutes(), '/no-such-page']) {
    test(`${path} at ${width}px has no serious or critical WCAG 2.2 AA violation`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(path)
      await waitForHydration(page)
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
      const blocking = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
      expect(blocking).toEqual([])
    })
  }
}
