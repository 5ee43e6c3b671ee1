import { act, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyComponent } from '../../../apps/web/app/islands/lazyComponent'
import { StaticIsland } from '../../../apps/web/app/islands/StaticIsland'

function Teaser({ text }: { text: string }) {
  return (
    <p>
      {text} <a href="/about">About us</a> <a href="https://example.com/">Elsewhere</a>
    </p>
  )
}

function CurrentPath() {
  return <output aria-label="path">{useLocation().pathname}</output>
}

const PRERENDERED = { text: 'Prerendered teaser' }

function Page({
  island,
  props = PRERENDERED,
}: {
  island: ReturnType<typeof lazyComponent<{ text: string }>>
  props?: { text: string }
}) {
  return (
    <MemoryRouter initialEntries={['/']}>
      <StaticIsland id="section-teaser" component={island} props={props} />
      <CurrentPath />
    </MemoryRouter>
  )
}

/** The build's HTML for the page: rendered on the "server" with a component already loaded. */
async function prerenderedPage() {
  const serverIsland = lazyComponent(async () => Teaser)
  await serverIsland.preload()
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Page island={serverIsland} />)
  document.body.append(container)
  return container
}

/** Clicks a link; tells whether the page handled it (prevented the browser's navigation), which jsdom cannot do. */
function clickHandledByPage(link: HTMLElement, init: MouseEventInit = {}) {
  let handled = false
  const observe = (event: Event) => {
    handled = event.defaultPrevented
    event.preventDefault()
  }
  window.addEventListener('click', observe)
  try {
    fireEvent.click(link, init)
  } finally {
    window.removeEventListener('click', observe)
  }
  return handled
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('StaticIsland', () => {
  it('keeps the prerendered markup when hydrating, without loading its component', async () => {
    const container = await prerenderedPage()
    const prerendered = container.innerHTML
    expect(prerendered).toContain('data-island="section-teaser"')
    const load = vi.fn(async () => Teaser)
    const recoverableErrors: unknown[] = []
    await act(async () => {
      hydrateRoot(container, <Page island={lazyComponent(load)} />, {
        onRecoverableError: (error: unknown) => recoverableErrors.push(error),
      })
    })
    expect(load).not.toHaveBeenCalled()
    expect(recoverableErrors).toEqual([])
    expect(container.innerHTML).toBe(prerendered)
  })

  it('follows a link in the adopted markup inside the app, and leaves other links to the browser', async () => {
    const container = await prerenderedPage()
    await act(async () => {
      hydrateRoot(container, <Page island={lazyComponent(async () => Teaser)} />)
    })
    expect(clickHandledByPage(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(false)
    expect(clickHandledByPage(screen.getByRole('link', { name: 'About us' }), { ctrlKey: true })).toBe(false) // a new tab
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/')
    await act(async () => {
      expect(clickHandledByPage(screen.getByRole('link', { name: 'About us' }))).toBe(true)
    })
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/about')
  })

  it('renders its component when its props change (a section of the same key on another page)', async () => {
    const container = await prerenderedPage()
    const island = lazyComponent(vi.fn(async () => Teaser))
    const root = await act(async () => hydrateRoot(container, <Page island={island} />))
    await act(async () => root.render(<Page island={island} props={{ text: 'Another page' }} />))
    expect(await screen.findByText(/Another page/)).toBeInTheDocument()
    expect(screen.queryByText(/Prerendered teaser/)).toBeNull()
  })

  it('renders its component, loading it, when there is nothing prerendered to keep', async () => {
    const load = vi.fn(async () => Teaser)
    render(<Page island={lazyComponent(load)} />)
    expect(await screen.findByText(/Prerendered teaser/)).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })
})
