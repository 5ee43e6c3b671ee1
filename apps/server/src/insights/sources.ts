/**
 * Where a visit came from, as a marketer reads it: the campaign's own `utm_*` first, else the referring
 * site, else direct. Visits (from the recorder) and leads (from their attribution) go through this one rule,
 * so that their rows meet in the campaign table.
 */
export interface VisitSource {
  source: string
  medium: string
  campaign: string
}

export function visitSource(touch: {
  utm_source?: string | null
  utm_medium?: string | null
  utm_campaign?: string | null
  referrerHost?: string | null
}): VisitSource {
  const referrer = touch.referrerHost?.replace(/^www\./, '') || ''
  return {
    source: touch.utm_source || referrer || '(direct)',
    medium: touch.utm_medium || (referrer ? 'referral' : '(none)'),
    campaign: touch.utm_campaign || '(none)',
  }
}

/** The host of an address, or '' when it is none. */
export function hostOf(address: string | undefined | null): string {
  if (!address) return ''
  try {
    return new URL(address).host
  } catch {
    return ''
  }
}

/** The path of an address in lower case (the router matches paths case-insensitively), without a trailing slash. */
export function pagePath(address: string): string {
  let path: string
  try {
    path = new URL(address, 'http://site').pathname
  } catch {
    return '/'
  }
  const lower = path.toLowerCase()
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower
}
