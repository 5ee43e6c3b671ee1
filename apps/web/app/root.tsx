import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import { ThemeProvider } from 'styled-components'
import type { Route } from './+types/root'
import { recordArrival } from './forms/shared/attribution'
import { hasPendingLeads } from './forms/shared/pendingLeadsStorage'
import { loadDeferredFrames } from './islands/deferredFrames'
import { ErrorPage } from './pages/ErrorPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { GlobalStyle } from './theme/GlobalStyle'
import { useInterFromNextPage } from './theme/interFont'
import { theme } from './theme/theme'

// Visual editing exists only in preview builds (VITE_SANITY_PREVIEW=true); elsewhere this is null and
// the preview code is not even a chunk of the bundle.
const PreviewMode = import.meta.env.VITE_SANITY_PREVIEW === 'true' ? lazy(() => import('./preview/PreviewMode')) : null

export function Layout({ children }: { children: ReactNode }) {
  return (
    // Client navigations mark <html> once Inter has loaded (interFont.ts).
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme.color.navy} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {children}
        </ThemeProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  useInterFromNextPage()
  useEffect(() => {
    // Marks the end of hydration: the browser tests wait for it before interacting.
    document.documentElement.dataset.hydrated = 'true'
    // Where this visit came from, for the leads it may send (kept in memory: no cookie, no storage).
    recordArrival(window.location.href, document.referrer)
    loadDeferredFrames()
    // Page views, counted on the site's own server by chunks loaded after the first paint (insights/track.ts);
    // a direct or preview build has no such chunk and sends nothing.
    if (import.meta.env.VITE_LEAD_DELIVERY !== 'direct' && import.meta.env.VITE_SANITY_PREVIEW !== 'true') {
      const { href } = window.location
      void import('./insights/track').then((insights) => insights.countPageViews(document.referrer, href))
    }
    // A questionnaire submission the lead server did not get last time is sent again (pendingLeads.ts).
    if (hasPendingLeads()) void import('./forms/shared/pendingLeads').then((module) => module.resendPendingLeads())
  }, [])
  return (
    <>
      <Outlet />
      {PreviewMode && (
        <Suspense fallback={null}>
          <PreviewMode />
        </Suspense>
      )}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return <ErrorPage error={error} />
}
