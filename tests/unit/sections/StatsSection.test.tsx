import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { StatsSection } from '../../../apps/web/app/sections/StatsSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('StatsSection', () => {
  let section: SectionOf<'statsSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/ad-funnels', 'statsSection')
    settings = await seedSettings()
  })

  it('lists every statistic with its value, label and description, in CMS order', () => {
    renderWithTheme(<StatsSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('The Results Our Funnels Deliver')
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(4)
    section.stats!.forEach((stat, index) => {
      const item = within(items[index]!)
      expect(item.getByText(stat.value!)).toBeInTheDocument()
      expect(item.getByText(stat.label!)).toBeInTheDocument()
      expect(item.getByText(stat.description!)).toBeInTheDocument()
    })
    expect(within(items[1]!).getByText('23%')).toBeInTheDocument()
    expect(within(items[2]!).getByText('$87')).toBeInTheDocument()
  })
})
