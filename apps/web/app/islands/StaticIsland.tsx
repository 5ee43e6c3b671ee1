import { type MouseEvent, Suspense, useState, useSyncExternalStore } from 'react'
import { type NavigateFunction, useNavigate } from 'react-router'
import type { LazyComponent } from './lazyComponent'

// Preview builds re-render content live from the Studio, so everything there stays a React component.
const ADOPTS_PRERENDERED_MARKUP = import.meta.env.VITE_SANITY_PREVIEW !== 'true'

/**
 * Content that needs no JavaScript to work. On the page's first load the prerendered markup is kept
 * as it is: the component's module is not loaded and nothing in it is hydrated, which keeps the
 * JavaScript of a page to what its interactive parts need. Any later render (client navigation, the
 * dev server) renders the component, loading it on demand. Links inside still navigate in the app.
 */
export function StaticIsland<Props extends object>({
  id,
  component,
  props,
}: {
  id: string
  component: LazyComponent<Props>
  props: Props
}) {
  const hydrating = useIsHydrating()
  const [adopted] = useState(() => {
    const html = ADOPTS_PRERENDERED_MARKUP && hydrating ? prerenderedMarkup(id) : undefined
    return html === undefined ? undefined : { html, props }
  })
  const navigate = useNavigate()
  const followLinkInApp = (event: MouseEvent<HTMLDivElement>) => navigateOnLinkClick(event, navigate)
  // The markup shows the props it was prerendered with; new ones (another page's section) render anew.
  if (adopted && sameProps(adopted.props, props)) {
    return (
      // The markup is this element's own prerendered HTML, read back while hydrating; the click handler only
      // delegates clicks on the links inside it, which are keyboard-accessible on their own.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
      // biome-ignore lint/a11y/noStaticElementInteractions: see above
      // biome-ignore lint/a11y/useKeyWithClickEvents: see above
      <div data-island={id} onClick={followLinkInApp} dangerouslySetInnerHTML={{ __html: adopted.html }} />
    )
  }
  return (
    <div data-island={id}>
      <Suspense fallback={null}>
        <component.Component {...props} />
      </Suspense>
    </div>
  )
}

const noSubscription = () => () => {}
/** True while React hydrates this component from prerendered HTML (it reads the server snapshot then). */
function useIsHydrating() {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => typeof document !== 'undefined',
  )
}

function sameProps(a: object, b: object) {
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.is(a[key as keyof typeof a], b[key as keyof typeof b]))
  )
}

function prerenderedMarkup(id: string): string | undefined {
  return document.querySelector(`[data-island="${CSS.escape(id)}"]`)?.innerHTML
}

/** A plain left click on a link to this site navigates like the router's own links instead of reloading. */
function navigateOnLinkClick(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return
  const link = (event.target as Element).closest('a')
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return
  const url = new URL(link.href, window.location.href)
  if (url.origin !== window.location.origin) return
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search
  if (samePage && url.hash) return // an anchor on this page: the browser scrolls to it
  event.preventDefault()
  void navigate(url.pathname + url.search + url.hash)
}
