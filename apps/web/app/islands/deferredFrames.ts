/**
 * A prerendered frame names its document in this attribute instead of `src`: an embedded document from
 * another origin would otherwise be requested while the page is still being painted, competing with it
 * for a phone's connection. The page sets `src` once it has hydrated; a client navigation renders `src`.
 */
const DEFERRED_SRC = 'data-deferred-src'

export const deferredSrc = (url: string) => (import.meta.env.SSR ? { [DEFERRED_SRC]: url } : { src: url })

export function loadDeferredFrames() {
  for (const frame of document.querySelectorAll<HTMLIFrameElement>(`iframe[${DEFERRED_SRC}]`)) {
    frame.src = frame.getAttribute(DEFERRED_SRC) ?? ''
    frame.removeAttribute(DEFERRED_SRC)
  }
}
