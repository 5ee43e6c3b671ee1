import { CAMPAIGN_KEYS } from '@site/leads/campaignKeys'
import type { LeadAttribution, LeadTouch } from '@site/leads/context'
import { MAX_SEEN_VARIANTS, type SeenVariant } from '@site/leads/experiments'

/**
 * Where this visit came from, kept by the site itself in the page's memory: no third-party script, no
 * cookie, nothing in the browser's storage (docs/experiments.md, "Privacy"). The first arrival of the visit
 * (its landing page, referrer, utm_* and click ids), the latest arrival that brought a campaign or came from
 * another site, and the experiment variants the visit was shown live as long as the document: client-side
 * navigation keeps them, a reload or a new tab starts a new visit. A lead sends them beside its payload.
 */
interface Visit {
  firstTouch: LeadTouch
  lastTouch: LeadTouch
}

let visit: Visit | undefined
let seenVariants: SeenVariant[] = []

/** A new visit (a document load starts one; unit tests start one per test). */
export function forgetVisit(): void {
  visit = undefined
  seenVariants = []
}

/** The variant of an experiment the visit was shown; a later page of the same experiment replaces it. */
export function rememberVariant(seen: SeenVariant): void {
  seenVariants = [...seenVariants.filter(({ experiment }) => experiment !== seen.experiment), seen].slice(
    -MAX_SEEN_VARIANTS,
  )
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
export function recordArrival(href: string, referrer: string, now = new Date()) {
  const touch = touchOf(href, referrer, now)
  visit = visit
    ? { firstTouch: visit.firstTouch, lastTouch: isAttributable(touch) ? touch : visit.lastTouch }
    : { firstTouch: touch, lastTouch: touch }
}

/** The visit's attribution for a lead sent from `page`, or undefined when none was recorded. */
export function visitAttribution(page: string): LeadAttribution | undefined {
  if (!visit) return undefined
  return {
    page: page.slice(0, 2048),
    ...visit,
    ...(seenVariants.length > 0 ? { experiments: seenVariants } : {}),
  }
}
