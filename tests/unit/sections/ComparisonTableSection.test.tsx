import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { ComparisonTableSection } from '../../../apps/web/app/sections/ComparisonTableSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('ComparisonTableSection', () => {
  let section: SectionOf<'comparisonTableSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/about', 'comparisonTableSection')
    settings = await seedSettings()
  })

  it('renders a captioned table with column headers and one row header per feature', () => {
    renderWithTheme(<ComparisonTableSection section={section} settings={settings} isPageHeading={false} />)
    const table = screen.getByRole('table', { name: 'AdvisorGrowth vs. Shared-Lead Platforms' })
    const columns = within(table).getAllByRole('columnheader')
    expect(columns.map((th) => th.textContent)).toEqual(['Feature', 'AdvisorGrowth', 'Shared-Lead Platforms'])
    for (const th of columns) expect(th).toHaveAttribute('scope', 'col')
    const rows = section.rows!
    expect(rows).toHaveLength(9)
    const rowHeaders = within(table).getAllByRole('rowheader')
    expect(rowHeaders.map((th) => th.textContent)).toEqual(rows.map((row) => row.feature))
    for (const th of rowHeaders) expect(th).toHaveAttribute('scope', 'row')
  })

  it('puts each row\u2019s values in the right columns', () => {
    renderWithTheme(<ComparisonTableSection section={section} settings={settings} isPageHeading={false} />)
    const row = screen.getByRole('rowheader', { name: 'Lead exclusivity' }).closest('tr')!
    const cells = within(row).getAllByRole('cell')
    expect(cells[0]).toHaveTextContent('100% exclusive to you, never resold')
    expect(cells[1]).toHaveTextContent('Each lead shared by 5+ advisors')
  })

  it('wraps the table in a focusable region named by the heading, and shows the CMS link', () => {
    renderWithTheme(<ComparisonTableSection section={section} settings={settings} isPageHeading={false} />)
    const region = screen.getByRole('region', { name: section.heading! })
    expect(region).toHaveAttribute('tabindex', '0')
    expect(within(region).getByRole('table')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the Difference for Yourself' })).toHaveAttribute('href', '/contact')
  })
})
