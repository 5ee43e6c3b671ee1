import { rememberVariant } from '../forms/shared/attribution'

/**
 * A page view of an experiment's page: the visit remembers the variant (in memory, for the leads it may send
 * from any page), and the recorder counts one exposure, loaded as the page views' counting is (root.tsx).
 * A direct build or a preview build counts nothing; a visitor with Global Privacy Control is not counted
 * (insights/track.ts), a bot neither (the server).
 */
export function reportExposure(experiment: string, variant: string, path: string): void {
  rememberVariant({ experiment, variant })
  if (import.meta.env.VITE_LEAD_DELIVERY === 'direct' || import.meta.env.VITE_SANITY_PREVIEW === 'true') return
  void import('../insights/track').then((insights) => insights.trackExposure(experiment, variant, path))
}
