import type { ReactNode } from 'react'
import { useHydrated } from '../forms/shared/useHydrated'

/** Renders its children only in the browser, after hydration: the prerendered HTML never contains them. */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null
}
