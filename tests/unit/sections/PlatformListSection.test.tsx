import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { PlatformListSection } from '../../../apps/web/app/sections/PlatformListSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('PlatformListSection', () => {
  let section: SectionOf<'platformListSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/ads', 'platformListSection')
    settings = await seedSettings()
  })

  it('renders each platform with its name as an h3, description and formats as a tag list', () => {
    renderWithTheme(<PlatformListSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Where We Find Your Next Clients')
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(names).toEqual(['Facebook & Instagram', 'LinkedIn', 'Google'])
    for (const platform of section.platforms!) {
      const card = screen.getByRole('heading', { level: 3, name: platform.name }).closest('li')!
      expect(within(card).getByText(platform.description!)).toBeInTheDocument()
      const formats = within(within(card).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent)
      expect(formats).toEqual(platform.formats)
    }
  })
})
