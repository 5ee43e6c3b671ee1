import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

// Static hosts match paths case-sensitively and answer /About with the not-found page; routes match
// case-insensitively, so that page reloads itself at the lower-case path before hydrating.
const { pathname, search, hash } = window.location
const lowerCase = pathname.toLowerCase()
if (lowerCase !== pathname && document.querySelector('[data-not-found]')) {
  window.location.replace(lowerCase + search + hash)
} else {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
}
