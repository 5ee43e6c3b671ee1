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
  /** LEAD_CLAIM_WINDOW: LEAD_NOTIFY_EMAIL becomes a rotation, each offer this long; unset: everyone at once. */
  claimWindowMs: number | undefined
  /** Told of a lead nobody has taken after `escalateAfterMs` (LEAD_ESCALATION_EMAIL, LEAD_ESCALATE_AFTER). */
  escalationEmails: string[]
  escalateAfterMs: number
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
    claimWindowMs: env.LEAD_CLAIM_WINDOW
      ? options.duration(env.LEAD_CLAIM_WINDOW, 5 * 60_000, 'LEAD_CLAIM_WINDOW') || undefined
      : undefined,
    escalationEmails: (env.LEAD_ESCALATION_EMAIL ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    escalateAfterMs: options.duration(env.LEAD_ESCALATE_AFTER, 60 * 60_000, 'LEAD_ESCALATE_AFTER'),
  }
}
