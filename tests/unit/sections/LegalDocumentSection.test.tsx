import { screen } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { ThemeProvider } from 'styled-components'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { LegalDocumentSection } from '../../../apps/web/app/sections/LegalDocumentSection'
import { theme } from '../../../apps/web/app/theme/theme'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('LegalDocumentSection', () => {
  let section: SectionOf<'legalDocumentSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/privacy-policy', 'legalDocumentSection')
    settings = await seedSettings()
  })

  it('renders the heading as the page h1, the intro, and the policy document in a sandboxed iframe', () => {
    renderWithTheme(<LegalDocumentSection section={section} settings={settings} isPageHeading />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy')
    expect(screen.getByText('How we collect, use and protect your personal information.')).toBeInTheDocument()
    const frame = screen.getByTitle('AdvisorGrowth Policies')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', 'https://docs.google.com/document/d/e/2PACX-policy/pub?embedded=true')
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin allow-popups allow-popups-to-escape-sandbox')
    expect(frame).toHaveAttribute('loading', 'lazy')
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer')
  })

  it('prerenders a <noscript> copy of the frame with its address, for a visitor without JavaScript', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ThemeProvider theme={theme}>
          <LegalDocumentSection section={section} settings={settings} isPageHeading />
        </ThemeProvider>
      </MemoryRouter>,
    )
    const url = 'https://docs.google.com/document/d/e/2PACX-policy/pub?embedded=true'
    expect(html).toMatch(
      new RegExp(`<noscript><iframe src="${url.replace(/[?.]/g, '\\$&')}"[^>]*title="AdvisorGrowth Policies"`),
    )
    expect(html.match(/<iframe/g)).toHaveLength(2)
  })

  it('embeds nothing but the heading, and warns, when the document URL is not https', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const insecure = { ...section, document: { title: 'Policies', documentUrl: 'http://example.com/policy' } }
    const { container } = renderWithTheme(<LegalDocumentSection section={insecure} settings={settings} isPageHeading />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy')
    expect(container.querySelector('iframe')).toBeNull()
    expect(screen.queryByText(section.intro!)).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('http://example.com/policy'))
  })

  it('does not embed a javascript: URL', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const unsafe = { ...section, document: { title: 'Policies', documentUrl: 'javascript:alert(1)' } }
    const { container } = renderWithTheme(
      <LegalDocumentSection section={unsafe} settings={settings} isPageHeading={false} />,
    )
    expect(container.querySelector('iframe')).toBeNull()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Privacy Policy')
  })
})
