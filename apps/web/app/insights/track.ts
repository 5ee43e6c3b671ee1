import type { LeadFormName } from '@site/leads/forms'
import type { DeviceClass, FormStep, InsightEvent } from '@site/leads/insights'

/**
 * The site's own visit counting (docs/insights.md): what a page reports is queued here and sent by the
 * recorder (recorder.ts), a chunk of its own loaded once the browser is idle after the first paint. Nothing
 * is queued, loaded or sent in a direct build (no server to count on: the spec's "no call" holds to the
 * letter), in the Studio's preview builds, or for a visitor whose browser sends Global Privacy Control.
 * No event carries what a visitor typed, and nothing is kept in a cookie or in storage.
 */
const OFF = import.meta.env.VITE_LEAD_DELIVERY === 'direct' || import.meta.env.VITE_SANITY_PREVIEW === 'true'

const queue: InsightEvent[] = []
let started = false
/** The recorder's sender, once it has loaded. */
let send: (() => void) | undefined
let pageViews = 0
let countingPageViews = false

function recording(): boolean {
  return (
    typeof window !== 'undefined' && (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl !== true
  )
}

export function track(event: InsightEvent): void {
  if (OFF) return
  if (!recording()) return
  queue.push(event)
  if (event.type === 'pageview' || event.type === 'exposure') send?.()
  if (started) return
  started = true
  const load = () =>
    void import('./recorder').then((recorder) => {
      send = recorder.startRecorder(queue, firstPath)
    })
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 4000 })
  else setTimeout(load, 1500)
}

let firstPath = '/'

export function deviceClass(): DeviceClass {
  const width = window.innerWidth
  return width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop'
}

const CLICK_IDS = ['gclid', 'fbclid', 'msclkid']
const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const

/**
 * Counts this document's page views, once however often it is called (root.tsx calls it after hydration): the first now, then one per
 * route the router shows. Client navigations fire no event of their own, so the history calls the router
 * makes are watched (a timer that looked twice a second missed a page left within half a second).
 */
export function countPageViews(referrer: string, hydratedAt: string): void {
  // Once per document: React's StrictMode runs root.tsx's effect twice in development (`npm start`), which
  // counted every page view twice and wrapped the history calls twice.
  if (countingPageViews) return
  countingPageViews = true
  // The page the document hydrated on; a route shown while this chunk loaded is the next page view.
  let last = new URL(hydratedAt).pathname
  trackPageView({ path: last, href: hydratedAt, referrer })
  counting = true
  for (const event of waitingExposures.splice(0)) track(event)
  const check = () => {
    if (window.location.pathname === last) return
    last = window.location.pathname
    trackPageView({ path: last, href: window.location.href, referrer: '' })
  }
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method]
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args)
      check()
    }
  }
  addEventListener('popstate', check)
  check()
}

/**
 * A page view. The first of a document load opens a visit when it came from another site, from a campaign
 * link, or from nowhere (typed, bookmarked): then it carries the referrer's host and the campaign parameters.
 */
function trackPageView(page: { path: string; href: string; referrer: string }): void {
  if (OFF) return
  const url = new URL(page.href)
  const first = pageViews === 0
  pageViews += 1
  if (first) firstPath = page.path
  const event: Extract<InsightEvent, { type: 'pageview' }> = {
    type: 'pageview',
    path: page.path.slice(0, 300),
    clickId: false,
    device: deviceClass(),
    entry: false,
  }
  if (first) {
    let referrer = ''
    try {
      referrer = page.referrer ? new URL(page.referrer).host : ''
    } catch {}
    const outside = referrer !== '' && referrer !== url.host
    for (const key of UTM) {
      const value = url.searchParams.get(key)
      if (value) event[key] = value.slice(0, 256)
    }
    event.clickId = CLICK_IDS.some((key) => url.searchParams.has(key))
    const campaign = UTM.some((key) => event[key]) || event.clickId
    event.entry = outside || campaign || referrer === ''
    if (outside) event.referrer = referrer.slice(0, 253)
  }
  track(event)
}

/** Exposures reported before this document counts its page views (a route's effect runs before the root's). */
const waitingExposures: InsightEvent[] = []
let counting = false

/**
 * A page view that showed `variant` of `experiment` (docs/experiments.md): counted where page views are
 * (countPageViews has started), so a page that counts no page views counts no exposure either.
 */
export function trackExposure(experiment: string, variant: string, path: string): void {
  const event: InsightEvent = { type: 'exposure', experiment, variant, path: path.slice(0, 300) }
  if (counting) track(event)
  else waitingExposures.push(event)
}

/** A form's step, on the page it is on. */
export function trackForm(form: LeadFormName, step: FormStep, field?: string): void {
  const event = { type: 'form', form, step, path: window.location.pathname.slice(0, 300) } as const
  track(field && /^[A-Za-z][\w.-]{0,63}$/.test(field) ? { ...event, field } : event)
}
