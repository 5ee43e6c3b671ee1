/**
 * A prerendered frame names its document in this attribute instead of `src`: an embedded document from
 * another origin would otherwise be requested while the page is still being painted, competing with it
 * for a phone's connection. The page sets `src` once it has hydrated; a client navigation renders `src`.
 * A visitor without JavaScript gets the same frame with its `src` from a `<noscript>` beside it (which a
 * browser running scripts does not load), and this one is not shown (`DEFERRED_FRAME_WITHOUT_SCRIPTS`).
 */
const DEFERRED_SRC = 'data-deferred-src'

/** CSS: where scripts do not run, the frame that waits for them is not shown (its `<noscript>` twin is). */
export const DEFERRED_FRAME_WITHOUT_SCRIPTS = `@media (scripting: none) { &[${DEFERRED_SRC}] { display: none; } }`

export const deferredSrc = (url: string) => (import.meta.env.SSR ? { [DEFERRED_SRC]: url } : { src: url })

export function loadDeferredFrames() {
  for (const frame of document.querySelectorAll<HTMLIFrameElement>(`iframe[${DEFERRED_SRC}]`)) {
    frame.src = frame.getAttribute(DEFERRED_SRC) ?? ''
    frame.removeAttribute(DEFERRED_SRC)
  }
}
