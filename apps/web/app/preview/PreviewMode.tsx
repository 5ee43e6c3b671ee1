import { lazy, Suspense } from 'react'
import { ClientOnly } from './ClientOnly'

// The prerender loads this module too (in Node); the visual-editing code loads only in the browser.
const LivePreview = lazy(() => import('./LivePreview'))

/** Mounted by root.tsx in preview builds only. */
export default function PreviewMode() {
  return (
    <ClientOnly>
      <Suspense fallback={null}>
        <LivePreview />
      </Suspense>
    </ClientOnly>
  )
}
