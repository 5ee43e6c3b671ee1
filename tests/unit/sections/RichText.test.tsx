import { screen, within } from '@testing-library/react'
import type { ComponentProps } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { RichText } from '../../../apps/web/app/components/RichText'
import type { ResourceContent } from '../../../apps/web/app/content/types'
import { renderWithTheme } from '../support/render'
import { loadRoute } from '../support/seed'

type Value = NonNullable<ComponentProps<typeof RichText>['value']>

const paragraph = (key: string, text: string, href: string): Value[number] => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [{ _type: 'link', _key: `${key}-link`, href }],
  children: [{ _type: 'span', _key: `${key}-span`, text, marks: [`${key}-link`] }],
})

describe('RichText', () => {
  let guide: ResourceContent
  beforeAll(async () => {
    guide = (await loadRoute('/resources/lead-generation-guide')).resource!
  })

  it('renders the seed article: headings, lists, strong text and internal links', () => {
    renderWithTheme(<RichText value={guide.body} />)
    expect(
      screen.getByRole('heading', { level: 2, name: 'Start With the Client You Want More Of' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Referrals and Centers of Influence' })).toBeInTheDocument()
    expect(screen.getByText('Life stage:').tagName).toBe('STRONG')
    expect(screen.getAllByRole('list').length).toBeGreaterThanOrEqual(2)
    expect(document.querySelector('ol')).not.toBeNull()
    expect(screen.getByRole('link', { name: 'lead qualification training guide' })).toHaveAttribute(
      'href',
      '/resources/lead-qualification',
    )
  })

  it('renders a callout as an aside with its title and text', () => {
    renderWithTheme(<RichText value={guide.body} />)
    const callout = screen.getByText('Cheap leads are rarely cheap').closest('aside')
    expect(callout).not.toBeNull()
    expect(callout).toHaveTextContent('Our clients average $87 per qualified lead.')
  })

  it('renders a table with its caption and column headers inside a focusable, labelled scroll region', () => {
    renderWithTheme(<RichText value={guide.body} />)
    const region = screen.getByRole('region', { name: 'Core lead-generation metrics' })
    expect(region).toHaveAttribute('tabindex', '0')
    const table = within(region).getByRole('table', { name: 'Core lead-generation metrics' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((header) => header.textContent)).toEqual(['Metric', 'What it tells you', 'How often to review'])
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col')
    expect(within(table).getByRole('cell', { name: 'Cost per qualified lead' })).toBeInTheDocument()
  })

  it('opens external links safely and shows unsafe hrefs as plain text', () => {
    renderWithTheme(
      <RichText
        value={[
          paragraph('a', 'an outside source', 'https://example.com/report'),
          paragraph('b', 'a dangerous link', 'javascript:alert(1)'),
        ]}
      />,
    )
    const external = screen.getByRole('link', { name: 'an outside source' })
    expect(external).toHaveAttribute('href', 'https://example.com/report')
    expect(external).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.queryByRole('link', { name: 'a dangerous link' })).toBeNull()
    expect(screen.getByText('a dangerous link')).toBeInTheDocument()
  })

  it('draws nothing for an unknown block type and warns once about it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const value: Value = [
      { _type: 'videoEmbed', _key: 'v1' },
      paragraph('c', 'still here', '/contact'),
      { _type: 'videoEmbed', _key: 'v2' },
    ]
    const { container } = renderWithTheme(<RichText value={value} />)
    renderWithTheme(<RichText value={value} />)
    expect(screen.getAllByRole('link', { name: 'still here' })).toHaveLength(2)
    expect(container.textContent).toBe('still here')
    const warnings = warn.mock.calls.filter(([message]) => String(message).includes('videoEmbed'))
    expect(warnings).toHaveLength(1)
  })

  it('renders nothing for an empty body', () => {
    const { container } = renderWithTheme(<RichText value={[]} />)
    expect(container).toBeEmptyDOMElement()
  })
})
