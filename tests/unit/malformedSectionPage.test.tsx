import { readFileSync } from 'node:fs'
import { parseNdjson, seedFilePath } from '@site/content-api'
import { contentApiHandlers } from '@site/content-api/msw'
import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { ThemeProvider } from 'styled-components'
import { describe, expect, it, vi } from 'vitest'
import ContentRoute, { loader } from '../../apps/web/app/routes/contentRoute'
import { theme } from '../../apps/web/app/theme/theme'
import { server } from './support/mswServer'

const HEADINGS = {
  hero: 'Grow Your Practice With Exclusive, Qualified Appointments',
  faq: 'Frequently Asked Questions',
  cta: 'Ready to Fill Your Calendar With Qualified Prospects?',
}

/** The seed with the home page's closing call to action given a tone the schema does not offer. */
function seedWithBrokenCta() {
  const documents = parseNdjson(readFileSync(seedFilePath(), 'utf8'))
  const home = documents.find((doc) => doc._id === 'page.home')
  const sections = home?.sections
  if (!Array.isArray(sections)) throw new Error('The seed has no home page sections')
  const cta: unknown = sections.find(
    (section: unknown) =>
      typeof section === 'object' && section !== null && '_key' in section && section._key === 'cta',
  )
  if (typeof cta !== 'object' || cta === null) throw new Error('The home page has no "cta" section')
  Object.assign(cta, { tone: 'dark' })
  return { documents, ctaIndex: sections.indexOf(cta) }
}

describe('the dev server with a malformed section', () => {
  it('renders the rest of the page and logs the section it left out', async () => {
    expect(import.meta.env.DEV).toBe(true) // the loader's default policy here is the dev server's
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { documents, ctaIndex } = seedWithBrokenCta()
    server.use(...contentApiHandlers({ documents }))
    const Stub = createRoutesStub([{ path: '/', Component: ContentRoute, loader, HydrateFallback: () => null }])
    render(
      <ThemeProvider theme={theme}>
        <Stub initialEntries={['/']} />
      </ThemeProvider>,
    )
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 })).toHaveTextContent(HEADINGS.hero)
    // Sections load lazily and one by one: wait for the last one that should be there.
    expect(await screen.findByRole('heading', { name: HEADINGS.faq }, { timeout: 30_000 })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: HEADINGS.cta })).not.toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(
      `Malformed content in page "page.home" at sections[${ctaIndex}] (ctaSection, _key "cta").tone: ` +
        'Invalid option: expected one of "brand"|"light" (the section is left out of the page)',
    )
  })
})
