import { useEffect, useState } from 'react'
import type { SiteSettings } from '../content/types'

/** setTimeout's longest delay (about 24.8 days): a later end date is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2_147_483_647

/**
 * Whether the giveaway has ended: as the build found it (`giveawayEnded`, so the prerendered page hydrates as
 * it was built), or as this browser's clock finds it, switching the moment the end date passes on an open page.
 */
export function useGiveawayEnded(settings: Pick<SiteSettings, 'giveawayEndsAt' | 'giveawayEnded'>): boolean {
  const [passed, setPassed] = useState(false)
  const endsAt = settings.giveawayEndsAt
  useEffect(() => {
    setPassed(false)
    const end = endsAt ? Date.parse(endsAt) : Number.NaN
    if (Number.isNaN(end)) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      const left = end - Date.now()
      if (left <= 0) setPassed(true)
      else timer = setTimeout(check, Math.min(left, LONGEST_TIMEOUT_MS))
    }
    check()
    return () => clearTimeout(timer)
  }, [endsAt])
  return settings.giveawayEnded === true || passed
}
