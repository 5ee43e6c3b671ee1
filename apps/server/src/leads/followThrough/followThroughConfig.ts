import { ConfigurationError } from '../leadLog.ts'

/** Take links, webhook events and the CRM's status webhook, from the environment (see .env.example). */
export interface FollowThroughConfig {
  /** Signs each recipient's take link (LEAD_TAKE_SECRET, else made once beside the data folder). */
  takeSecret: string
  /** How long a take link works after its notification was rendered (LEAD_TAKE_LINK_TTL, default 14d). */
  takeLinkTtlMs: number
  /** The lead server's public origin, which take links point to (LEAD_TAKE_URL, else SITE_URL, else local). */
  takeUrl: string
  /** Where `lead.claimed`, `lead.handed_back` and `lead.status_changed` are sent (LEAD_EVENTS_WEBHOOK_URL). */
  eventsWebhookUrl: string | undefined
  /** Standard Webhooks secret a CRM signs its status changes with (LEAD_CRM_SECRET); unset: the route is off. */
  crmSecret: string | undefined
}

export function followThroughConfigFromEnv(
  env: NodeJS.ProcessEnv,
  options: {
    storedSecret: (name: string) => string
    duration: (value: string | undefined, fallback: number, name: string) => number
  },
): FollowThroughConfig {
  const takeUrl = env.LEAD_TAKE_URL || env.SITE_URL || `http://127.0.0.1:${env.PORT || 4173}`
  let origin: string
  try {
    origin = new URL(takeUrl).origin
  } catch {
    throw new ConfigurationError(`LEAD_TAKE_URL is the lead server's public address (https://…), not "${takeUrl}"`)
  }
  const crmSecret = env.LEAD_CRM_SECRET || undefined
  if (crmSecret && !crmSecret.startsWith('whsec_')) {
    throw new ConfigurationError('LEAD_CRM_SECRET is a Standard Webhooks secret: whsec_ followed by base64')
  }
  return {
    takeSecret: env.LEAD_TAKE_SECRET || options.storedSecret('leads-take-secret'),
    takeLinkTtlMs: options.duration(env.LEAD_TAKE_LINK_TTL, 14 * 86_400_000, 'LEAD_TAKE_LINK_TTL'),
    takeUrl: origin,
    eventsWebhookUrl: env.LEAD_EVENTS_WEBHOOK_URL || undefined,
    crmSecret,
  }
}
