import { CAMPAIGN_KEYS } from '@site/leads/campaignKeys'
import type { LeadAttribution, LeadTouch } from '@site/leads/context'

/**
 * Where this visit came from, kept by the site itself: no third-party script, no cookie. The first arrival
 * of the visit (its landing page, referrer, utm_* and click ids) and the latest arrival that brought a
 * campaign or came from another site are kept in sessionStorage, which the browser drops when the tab
 * closes: a visit's attribution lives exactly as long as the visit. A lead sends them beside its payload.
 */
const STORAGE_KEY = 'ag-visit-attribution'

interface Visit {
  firstTouch: LeadTouch
  lastTouch: LeadTouch
}

/** The arrival a page load is: its address, its referrer when that is another site, its campaign parameters. */
export function touchOf(href: string, referrer: string, at: Date): LeadTouch {
  const url = new URL(href)
  const touch: LeadTouch = { at: at.toISOString(), landingPage: href.slice(0, 2048) }
  if (referrer && !sameOrigin(referrer, url.origin)) touch.referrer = referrer.slice(0, 2048)
  for (const key of CAMPAIGN_KEYS) {
    const value = url.searchParams.get(key)
    if (value) touch[key] = value.slice(0, key.startsWith('utm_') ? 256 : 512)
  }
  return touch
}

function sameOrigin(address: string, origin: string): boolean {
  try {
    return new URL(address).origin === origin
  } catch {
    return false
  }
}

/** A touch that says where the visitor came from (not a click from one of the site's own pages). */
function isAttributable(touch: LeadTouch): boolean {
  return Boolean(touch.referrer) || CAMPAIGN_KEYS.some((key) => touch[key])
}

/**
 * Records a document load (root.tsx calls it once per load; client navigations stay on the site and bring
 * no new source). The first load of the visit is its first touch; a later one with a campaign or another
 * site as referrer becomes the last touch.
 */
export function recordArrival(href: string, referrer: string, now = new Date(), storage = sessionStorageOrNull()) {
  if (!storage) return
  const touch = touchOf(href, referrer, now)
  const visit = readVisit(storage)
  const next: Visit = visit
    ? { firstTouch: visit.firstTouch, lastTouch: isAttributable(touch) ? touch : visit.lastTouch }
    : { firstTouch: touch, lastTouch: touch }
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(next))
  } catch {
    // Storage full or blocked: the lead is sent without attribution.
  }
}

/** The visit's attribution for a lead sent from `page`, or undefined when none was recorded. */
export function visitAttribution(page: string, storage = sessionStorageOrNull()): LeadAttribution | undefined {
  const visit = storage ? readVisit(storage) : undefined
  return visit ? { page: page.slice(0, 2048), ...visit } : undefined
}

function readVisit(storage: Storage): Visit | undefined {
  try {
    const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Visit | null
    return stored?.firstTouch && stored.lastTouch ? stored : undefined
  } catch {
    return undefined
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}
