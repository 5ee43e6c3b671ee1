import type { InsightEvent } from '@site/leads/insights'
import { render, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it, vi } from 'vitest'

// `npm start` runs the site in development, where React's StrictMode runs every effect twice: the root's
// effect that starts counting page views must count the page once, as the production build (`pnpm serve`) does.
const started: Array<{ queue: InsightEvent[]; path: string }> = []
vi.mock('../../../apps/web/app/insights/recorder', () => ({
  startRecorder: (queue: InsightEvent[], path: string) => {
    started.push({ queue, path })
    return () => {}
  },
}))

describe('page views under React StrictMode (npm start)', () => {
  it('the root counts the page it hydrated on once, and a client navigation once more', async () => {
    // A fresh root, as a page load has: the counting state lives in its modules, which test files that ran
    // before this one in the same worker may have started.
    vi.resetModules()
    const { default: App } = await import('../../../apps/web/app/root')
    // jsdom has no FontFaceSet; the root's font loader asks it for Inter when idle (no font is used here).
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load: async () => [] } })
    const Stub = createRoutesStub([
      { path: '/', Component: App, children: [{ path: 'contact', Component: () => <p>Contact</p> }] },
    ])
    window.history.replaceState(null, '', '/contact')
    render(
      <StrictMode>
        <Stub initialEntries={['/contact']} />
      </StrictMode>,
    )
    // The recorder's chunk loads when the browser is idle (jsdom: after a 1.5 s timer).
    await waitFor(() => expect(started).toHaveLength(1), { timeout: 30_000 })
    const pageViews = () => started[0]?.queue.filter((event) => event.type === 'pageview') ?? []
    expect(pageViews()).toMatchObject([{ type: 'pageview', path: '/contact', entry: true }])
    window.history.pushState(null, '', '/about')
    expect(pageViews().map((event) => event.type === 'pageview' && event.path)).toEqual(['/contact', '/about'])
  })
})
