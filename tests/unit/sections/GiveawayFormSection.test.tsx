import { act, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { GiveawayFormSection } from '../../../apps/web/app/sections/GiveawayFormSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

const SECOND = 1000

describe('GiveawayFormSection', () => {
  let section: SectionOf<'giveawayFormSection'>
  let settings: SiteSettings
  let end: number
  beforeAll(async () => {
    section = await seedSection('/conference-giveaway', 'giveawayFormSection')
    settings = await seedSettings()
    end = Date.parse(settings.giveawayEndsAt!)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const render = (given: SiteSettings) =>
    renderWithTheme(<GiveawayFormSection section={section} settings={given} isPageHeading={false} />)

  it('offers the form before the end date', async () => {
    render({ ...settings, giveawayEnded: false })
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Enter the Giveaway')
    expect(await screen.findByRole('button', { name: 'Enter to Win' }, { timeout: 30_000 })).toBeInTheDocument()
  })

  it("a page built after the end shows the marketer's ended message and no form", () => {
    render({ ...settings, giveawayEnded: true })
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('This giveaway has ended')
    expect(screen.getByText(section.endedText!)).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it("an open page closes the moment the end date passes, as the browser's clock finds it", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(end - 2 * SECOND)
    render({ ...settings, giveawayEnded: false })
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Enter the Giveaway')
    act(() => vi.advanceTimersByTime(1 * SECOND))
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Enter the Giveaway')
    act(() => vi.advanceTimersByTime(1 * SECOND))
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('This giveaway has ended')
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a page built before the end but opened after it closes at once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(end + SECOND)
    render({ ...settings, giveawayEnded: false })
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('This giveaway has ended')
    expect(screen.queryByRole('textbox')).toBeNull()
  })
})
