import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ResourceContent, SiteSettings } from '../../../apps/web/app/content/types'
import { ArticlePage, preloadArticleBody } from '../../../apps/web/app/pages/ArticlePage'
import { renderWithTheme } from '../support/render'
import { loadRoute } from '../support/seed'

describe('ArticlePage', () => {
  let settings: SiteSettings
  let article: ResourceContent
  let gated: ResourceContent
  beforeAll(async () => {
    const open = await loadRoute('/resources/lead-generation-guide')
    settings = open.settings
    article = open.resource!
    gated = (await loadRoute('/resources/scaling-guide')).resource!
    await preloadArticleBody() // the body renders at once, so a body left out is not merely still loading
  })

  it('renders the header: back link, category, title as h1, description, month-and-year and read time', () => {
    renderWithTheme(<ArticlePage settings={settings} resource={article} />, {
      path: '/resources/lead-generation-guide',
    })
    expect(screen.getByRole('link', { name: 'Back to Resources' })).toHaveAttribute('href', '/resources')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      "The Financial Advisor's Guide to Lead Generation in 2025",
    )
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!
    expect(within(header).getByText('Guide')).toBeInTheDocument()
    expect(within(header).getByText(article.description!)).toBeInTheDocument()
    expect(within(header).getByText('March 2025')).toHaveAttribute('datetime', '2025-03-01')
    expect(within(header).getByText('9 min read')).toBeInTheDocument()
  })

  it('renders the body and the closing call to action, with the simple footer', () => {
    renderWithTheme(<ArticlePage settings={settings} resource={article} />, {
      path: '/resources/lead-generation-guide',
    })
    expect(
      screen.getByRole('heading', { level: 2, name: 'Start With the Client You Want More Of' }),
    ).toBeInTheDocument()
    const cta = article.callToAction!
    expect(screen.getByRole('heading', { level: 2, name: cta.heading })).toBeInTheDocument()
    expect(screen.getByText(cta.text!)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: cta.link!.label })).toHaveAttribute('href', cta.link!.href)
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`${new Date().getFullYear()} AdvisorGrowth`)
  })

  it('keeps a gated guide’s body out of the page until it is unlocked', () => {
    renderWithTheme(<ArticlePage settings={settings} resource={gated} />, { path: '/resources/scaling-guide' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'How to Scale Your Advisory Practice to $100M+ AUM',
    )
    const firstBodyHeading = gated.body!.find((block) => block._type === 'block' && block.style === 'h2')
    expect(firstBodyHeading).toBeDefined()
    const text = firstBodyHeading!._type === 'block' ? firstBodyHeading!.children![0]!.text! : ''
    expect(screen.queryByText(text)).toBeNull()
    expect(screen.getByRole('link', { name: gated.callToAction!.link!.label })).toBeInTheDocument()
  })
})
