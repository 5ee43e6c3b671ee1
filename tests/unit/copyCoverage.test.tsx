import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { parseNdjson, seedFilePath } from '@site/content-api'
import { contentApiHandlers } from '@site/content-api/msw'
import { act, render, waitFor } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { ThemeProvider } from 'styled-components'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listRoutePaths } from '../../apps/web/app/content/paths.server'
import ContentRoute, { loader } from '../../apps/web/app/routes/contentRoute'
import { theme } from '../../apps/web/app/theme/theme'
import { ALLOWED_CODE_TEXT } from './support/allowedCodeText'
import { server } from './support/mswServer'

// Values that are identifiers, URLs, enums or dates: code reads them, so they are not wrapped.
const NOT_COPY = new Set([
  '_id',
  '_type',
  '_key',
  '_ref',
  'href',
  'current',
  'icon',
  'style',
  'variant',
  'tone',
  'kind',
  'align',
  'footer',
  'category',
  'questionId',
  'documentUrl',
  'src',
  'publishedAt',
  'giveawayEndsAt',
  'anchor',
  'defaultShareImage',
  'listItem',
  'marks',
])
// Values picked from a list of options stay as they are: the route rejects content outside the list.
const OPTION_VALUES: Record<string, readonly string[]> = { status: ['Qualified', 'Nurturing'] }
// Copy whose format the schema checks (an e-mail address) stays as it is; the page must show it exactly.
const FORMATTED_COPY = new Set(['contactEmail'])
const formattedCopy = new Set<string>()
const OPEN = '⟦'
const CLOSE = '⟧'

function markStrings(value: unknown, key = ''): unknown {
  if (NOT_COPY.has(key)) return value
  if (FORMATTED_COPY.has(key) && typeof value === 'string') {
    formattedCopy.add(value)
    return value
  }
  if (typeof value === 'string')
    return value.trim() && !OPTION_VALUES[key]?.includes(value) ? `${OPEN}${value}${CLOSE}` : value
  if (Array.isArray(value)) return value.map((item) => markStrings(item))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, markStrings(inner, name)]))
  }
  return value
}

/** Visible text of the rendered document with every marked (CMS) string removed. */
function textOutsideMarkers(root: HTMLElement): string[] {
  const leftovers: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT)
  const collect = (text: string | null) => {
    // Marked strings, and fragments of them (an avatar's initial), come from the dataset.
    const rest = (text ?? '')
      .replace(/⟦[^⟧]*⟧/g, ' ')
      .replace(/⟦\S*|\S*⟧/g, ' ')
      .trim()
    if (rest) leftovers.push(rest)
  }
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!node.parentElement?.closest('script, style, template')) collect(node.textContent)
    } else {
      const element = node as Element
      for (const attribute of ['placeholder', 'alt', 'title', 'aria-label']) collect(element.getAttribute(attribute))
    }
  }
  return leftovers
}

/** Waits until the rendered markup has not changed for a while (lazy chunks loaded, effects run). */
async function settled(container: HTMLElement) {
  let previous = ''
  let unchanged = 0
  for (let round = 0; round < 100 && unchanged < 5; round++) {
    unchanged = previous === container.innerHTML ? unchanged + 1 : 0
    previous = container.innerHTML
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)))
  }
}

const words = (text: string) => text.match(/[A-Za-z][A-Za-z'’]*/g) ?? []
const allowedWords = new Set(ALLOWED_CODE_TEXT.flatMap((phrase) => words(phrase).map((word) => word.toLowerCase())))

describe('every visible word of marketing copy comes from the dataset', () => {
  const markedSeed = `${process.env.TMPDIR ?? '/tmp'}/seed-marked-${process.pid}.ndjson`
  beforeAll(() => {
    const documents = parseNdjson(readFileSync(seedFilePath(), 'utf8'))
    writeFileSync(markedSeed, documents.map((doc) => JSON.stringify(markStrings(doc))).join('\n'))
  })
  afterAll(() => rmSync(markedSeed, { force: true }))

  // Every route rendered in jsdom: over 120 s when the machine's two cores were shared with the beside steps.
  it("leaves no text outside the marked CMS strings but the code's own fixed texts, on every route", async () => {
    server.use(...contentApiHandlers({ seedFile: markedSeed }))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error')
    // Load the lazily imported form modules once, so a page's forms render within the settle time.
    await Promise.all(Object.values(import.meta.glob('../../apps/web/app/forms/*/*Form.tsx')).map((load) => load()))
    const paths = await listRoutePaths()
    expect(paths.length).toBeGreaterThanOrEqual(26)
    const offending: string[] = []
    for (const path of paths) {
      const route = { Component: ContentRoute, loader, HydrateFallback: () => null }
      const Stub = createRoutesStub([
        { path: '/', ...route },
        { path: '*', ...route },
      ])
      const { container, unmount } = render(
        <ThemeProvider theme={theme}>
          <Stub initialEntries={[path]} />
        </ThemeProvider>,
      )
      await waitFor(() => expect(container.querySelector('h1')).not.toBeNull(), { timeout: 30_000 })
      await settled(container) // lazily loaded form sections
      for (const text of textOutsideMarkers(container)) {
        if (formattedCopy.has(text.trim())) continue
        const unexpected = words(text).filter((word) => !allowedWords.has(word.toLowerCase()))
        if (unexpected.length > 0) offending.push(`${path}: "${text}"`)
      }
      unmount()
    }
    expect(offending).toEqual([])
    // No section was left out for breaking its schema: every section's copy was checked.
    expect(error.mock.calls.flat().filter((message) => String(message).startsWith('Malformed content'))).toEqual([])
  }, 300_000)
})
