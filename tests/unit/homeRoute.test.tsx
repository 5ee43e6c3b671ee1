import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { ThemeProvider } from 'styled-components'
import { describe, expect, it } from 'vitest'
import ContentRoute, { loader } from '../../apps/web/app/routes/contentRoute'
import { theme } from '../../apps/web/app/theme/theme'
import { seedSection, seedSettings } from './support/seed'

describe('the content route', () => {
  it('loads the home page from the seed through GROQ and renders its hero and chrome', async () => {
    const hero = await seedSection('/', 'heroSection')
    const settings = await seedSettings()
    const Stub = createRoutesStub([{ path: '/', Component: ContentRoute, loader, HydrateFallback: () => null }])
    render(
      <ThemeProvider theme={theme}>
        <Stub initialEntries={['/']} />
      </ThemeProvider>,
    )
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 })).toHaveTextContent(hero.heading!)
    expect(screen.getAllByText(settings.companyName!).length).toBeGreaterThan(0)
    expect(screen.getByText(settings.footerTagline!)).toBeInTheDocument()
  })
})

describe('content from another seed file', () => {
  it('changes the page when a string of the NDJSON changes', async () => {
    const { readFileSync, writeFileSync, rmSync } = await import('node:fs')
    const { seedFilePath } = await import('@site/content-api')
    const { contentApiHandlers } = await import('@site/content-api/msw')
    const { server } = await import('./support/mswServer')
    const hero = await seedSection('/', 'heroSection')
    const edited = `${process.env.TMPDIR ?? '/tmp'}/seed-edited-${process.pid}.ndjson`
    writeFileSync(
      edited,
      readFileSync(seedFilePath(), 'utf8').replace(JSON.stringify(hero.heading), '"Edited in the NDJSON"'),
    )
    server.use(...contentApiHandlers({ seedFile: edited }))
    try {
      expect((await seedSection('/', 'heroSection')).heading).toBe('Edited in the NDJSON')
    } finally {
      rmSync(edited)
    }
  })
})
