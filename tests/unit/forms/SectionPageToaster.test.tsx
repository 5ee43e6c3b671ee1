import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SectionPage } from '../../../apps/web/app/pages/SectionPage'
import { renderWithTheme } from '../support/render'
import { loadRoute } from '../support/seed'
import { LAZY_LOAD } from './formTestKit'

async function renderPage(path: string) {
  const { settings, page } = await loadRoute(path)
  if (!page) throw new Error(`No page at ${path}`)
  renderWithTheme(<SectionPage settings={settings} page={page} />, { path })
}

describe('the notification region', () => {
  it.each(['/contact', '/conference-giveaway', '/sales-guide-offer', '/qualify'])(
    'is on %s, once, labelled "Notifications" with the Alt+T hotkey',
    async (path) => {
      await renderPage(path)
      const regions = await screen.findAllByRole('region', { name: 'Notifications alt+T' }, LAZY_LOAD)
      expect(regions).toHaveLength(1)
    },
  )

  it.each(['/', '/about', '/resources'])('is not on %s, which has no form that notifies', async (path) => {
    await renderPage(path)
    await screen.findAllByRole('heading', { level: 1 })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull()
  })
})
