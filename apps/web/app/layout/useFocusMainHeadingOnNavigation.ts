import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After a client-side navigation, moves focus to the new page's h1 so a screen reader announces it
 * (the router already scrolls to the top). The first load keeps the browser's own focus.
 */
export function useFocusMainHeadingOnNavigation() {
  const mainRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const firstRender = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger, not an input
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    const heading = mainRef.current?.querySelector<HTMLElement>('h1')
    if (!heading) return
    heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }, [pathname])
  return mainRef
}
