import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { DashboardSection } from '../../../apps/web/app/sections/DashboardSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('DashboardSection', () => {
  let leads: SectionOf<'dashboardSection'>
  let campaigns: SectionOf<'dashboardSection'>
  let webinar: SectionOf<'dashboardSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    leads = await seedSection('/solutions', 'dashboardSection', 0)
    campaigns = await seedSection('/solutions', 'dashboardSection', 1)
    webinar = await seedSection('/solutions', 'dashboardSection', 2)
    settings = await seedSettings()
  })

  it('renders the copy beside the dashboard: eyebrow, heading, text, points and actions', () => {
    renderWithTheme(<DashboardSection section={leads} settings={settings} isPageHeading={false} />)
    expect(screen.getByText('Sales Technology')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Know Every Lead Before the First Call')
    expect(screen.getByText(leads.text!)).toBeInTheDocument()
    for (const point of leads.points!) expect(screen.getByText(point)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Explore the App' })).toHaveAttribute('href', '/app')
    expect(document.querySelector('section')).toHaveAttribute('id', 'sales-technology')
  })

  it('draws the leads dashboard as a figure: metric tiles and a table of leads with score and status', () => {
    renderWithTheme(<DashboardSection section={leads} settings={settings} isPageHeading={false} />)
    const figure = screen.getByRole('figure')
    expect(within(figure).getByText('Illustrative data for demonstration purposes.').tagName).toBe('FIGCAPTION')
    expect(within(figure).getByText('New Leads This Week')).toBeInTheDocument()
    expect(within(figure).getByText('48')).toBeInTheDocument()
    expect(within(figure).getByText('+12%')).toBeInTheDocument()
    const table = within(figure).getByRole('table', { name: 'Lead Pipeline' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(5)
    const first = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(first).toEqual(['Margaret Ellis', '62', '$1.4M', '91', 'Qualified'])
    expect(within(rows[3]!).getByText('Nurturing')).toBeInTheDocument()
    expect(rows[0]!.querySelector('[style]')).toHaveStyle({ width: '91%' })
    const scroller = screen.getByRole('region', { name: 'Lead Pipeline' })
    expect(scroller).toHaveAttribute('tabindex', '0')
  })

  it('draws the campaigns dashboard with one row per campaign and both actions', () => {
    renderWithTheme(<DashboardSection section={campaigns} settings={settings} isPageHeading={false} />)
    const table = screen.getByRole('table', { name: 'Campaign Performance' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(4)
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual(['Retirement Income ReviewFacebook & Instagram', '$3,200', '41', '$78'])
    expect(screen.getByText('$87')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Get Your Funnel Built' })).toHaveAttribute('href', '/funnels')
    expect(screen.getByRole('link', { name: 'Launch Your Campaign' })).toHaveAttribute('href', '/ads')
  })

  it('draws the webinar dashboard as a list of registrants', () => {
    renderWithTheme(<DashboardSection section={webinar} settings={settings} isPageHeading={false} />)
    const list = screen.getByRole('list', { name: 'Webinar Registrants' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(5)
    expect(items[0]).toHaveTextContent('David Romero')
    expect(items[0]).toHaveTextContent('Retirement Income Masterclass')
    expect(items[0]).toHaveTextContent('Mar 3, 2025')
    expect(items[0]).toHaveTextContent('Booked Call')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('uses an h1 when it holds the page heading', () => {
    renderWithTheme(<DashboardSection section={leads} settings={settings} isPageHeading />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(leads.heading!)
  })
})
