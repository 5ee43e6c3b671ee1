import { useEffect, useState } from 'react'

/**
 * False in the prerendered HTML and during hydration, true once the component runs in the browser.
 * Submit buttons stay disabled until then: a form that sends with JavaScript must not fall back to the
 * browser's native submission while its code is still loading.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
