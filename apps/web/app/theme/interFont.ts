import interFontUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Inter (variable, Latin subset), served from our own origin: no third-party request. */
export { interFontUrl }
export const INTER_FAMILY = 'Inter Variable'
/** Set on <html> while the page's text is set in Inter; until then it is in the fallback (fonts.ts). */
export const INTER_ATTRIBUTE = 'data-font-inter'

/**
 * A document is painted in the fallback (which has Inter's metrics), and Inter is fetched once the page has
 * hydrated, without being used on it: the next page, reached by a client navigation, is painted in Inter.
 * Nothing marks the browser as having the font: the site stores nothing on the device (docs/experiments.md).
 */
export function useInterFromNextPage() {
  const { pathname } = useLocation()
  const fetched = useRef(false)
  useEffect(() => {
    if (document.documentElement.hasAttribute(INTER_ATTRIBUTE)) return
    // When the browser is idle: this page does not use the font, and a visitor's first taps and keystrokes
    // after hydration should not wait behind its loading.
    const task = whenIdle(() => {
      document.fonts.load(`1em "${INTER_FAMILY}"`).then(
        (faces) => {
          if (faces.length > 0) fetched.current = true
        },
        () => {
          // Not fetched (offline): the site stays in the fallback, which has Inter's metrics.
        },
      )
    })
    return task.cancel
  }, [])
  // Before the browser paints the new page, so that it appears in Inter rather than changing to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change, by design
  useLayoutEffect(() => {
    if (fetched.current) document.documentElement.setAttribute(INTER_ATTRIBUTE, '')
  }, [pathname])
}

/** Runs `task` once the browser has an idle moment (within 5 s); Safari has no idle callbacks: 1 s later. */
function whenIdle(task: () => void): { cancel: () => void } {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: 5000 })
    return { cancel: () => window.cancelIdleCallback(id) }
  }
  const id = setTimeout(task, 1000)
  return { cancel: () => clearTimeout(id) }
}
