import { act, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { CountdownSection } from '../../../apps/web/app/sections/CountdownSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

const SECOND = 1000
const DAY = 24 * 3600 * SECOND

describe('CountdownSection', () => {
  let section: SectionOf<'countdownSection'>
  let settings: SiteSettings
  let target: number
  beforeAll(async () => {
    section = await seedSection('/conference-giveaway', 'countdownSection')
    settings = await seedSettings()
    target = Date.parse(settings.giveawayEndsAt!)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const digits = () =>
    Array.from(document.querySelectorAll('[aria-hidden="true"] > div > span:first-child')).map(
      (node) => node.textContent,
    )

  it('counts down every second to the giveaway end, with the CMS labels', () => {
    vi.useFakeTimers()
    vi.setSystemTime(target - (1 * DAY + 2 * 3600 * SECOND + 3 * 60 * SECOND + 4 * SECOND))
    renderWithTheme(<CountdownSection section={section} settings={settings} isPageHeading={false} />)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Giveaway Ends In')
    expect(screen.getByText(section.text!)).toBeInTheDocument()
    for (const label of ['Days', 'Hours', 'Minutes', 'Seconds']) expect(screen.getByText(label)).toBeInTheDocument()
    expect(digits()).toEqual(['01', '02', '03', '04'])
    expect(screen.getByRole('timer')).toHaveTextContent('1 Days, 2 Hours, 3 Minutes, 4 Seconds')
    expect(screen.getByRole('timer')).toHaveAttribute('aria-live', 'off')

    act(() => vi.advanceTimersByTime(SECOND))
    expect(digits()).toEqual(['01', '02', '03', '03'])
    act(() => vi.advanceTimersByTime(4 * SECOND))
    expect(digits()).toEqual(['01', '02', '02', '59'])
  })

  it('shows zeros once the end has passed, and stops ticking', () => {
    vi.useFakeTimers()
    vi.setSystemTime(target - 2 * SECOND)
    renderWithTheme(<CountdownSection section={section} settings={settings} isPageHeading={false} />)
    expect(digits()).toEqual(['00', '00', '00', '02'])
    act(() => vi.advanceTimersByTime(5 * SECOND))
    expect(digits()).toEqual(['00', '00', '00', '00'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('shows zeros without starting a timer when the end is already past (as it is today)', () => {
    vi.useFakeTimers()
    vi.setSystemTime(target + DAY)
    renderWithTheme(<CountdownSection section={section} settings={settings} isPageHeading={false} />)
    expect(digits()).toEqual(['00', '00', '00', '00'])
    expect(screen.getByRole('timer')).toHaveTextContent('0 Days, 0 Hours, 0 Minutes, 0 Seconds')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('clears its interval when unmounted', () => {
    vi.useFakeTimers()
    vi.setSystemTime(target - DAY)
    const { unmount } = renderWithTheme(
      <CountdownSection section={section} settings={settings} isPageHeading={false} />,
    )
    expect(vi.getTimerCount()).toBe(1)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('first renders zeros whatever the time, as the prerendered HTML does, and the time left only once mounted', () => {
    vi.useFakeTimers()
    vi.setSystemTime(target - 3 * DAY)
    // Text changes after the first render are recorded with their previous value: that value is the first render.
    const observer = new MutationObserver(() => {})
    observer.observe(document.body, { subtree: true, characterData: true, characterDataOldValue: true })
    renderWithTheme(<CountdownSection section={section} settings={settings} isPageHeading={false} />)
    const changes = observer.takeRecords().filter((record) => record.type === 'characterData')
    observer.disconnect()
    expect(digits()).toEqual(['03', '00', '00', '00'])
    expect(changes.map((record) => [record.oldValue, record.target.textContent])).toContainEqual(['00', '03'])
  })
})
