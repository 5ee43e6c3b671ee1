import { createHmac, timingSafeEqual } from 'node:crypto'
import type { LeadEventVia } from '@site/leads/followThrough'

/** Who a take link is for: a notification's recipient (an address, or a chat channel's name) and its kind. */
export interface TakeGrant {
  leadId: string
  /** The e-mail address the link was sent to, or `chat:<channel>` for a chat post. */
  recipient: string
  via: Extract<LeadEventVia, 'email' | 'digest' | 'chat'>
  expiresAt: Date
}

const VIAS = new Set(['email', 'digest', 'chat'])

/**
 * A take link's token: the grant as base64url JSON, a dot, and its HMAC-SHA256 under LEAD_TAKE_SECRET. No
 * login: whoever holds the recipient's link acts as the recipient, until it expires.
 */
export function signTakeToken(grant: TakeGrant, secret: string): string {
  const body = Buffer.from(
    JSON.stringify({
      l: grant.leadId,
      r: grant.recipient,
      v: grant.via,
      e: Math.floor(grant.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url')
  return `${body}.${mac(body, secret)}`
}

export type TakeTokenCheck = { valid: true; grant: TakeGrant } | { valid: false; reason: 'invalid' | 'expired' }

export function checkTakeToken(token: string, secret: string, now: Date): TakeTokenCheck {
  const [body = '', signature = '', ...rest] = token.split('.')
  if (rest.length > 0 || !body || !signature || token.length > 2000) return { valid: false, reason: 'invalid' }
  const expected = Buffer.from(mac(body, secret))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { valid: false, reason: 'invalid' }
  let fields: { l?: unknown; r?: unknown; v?: unknown; e?: unknown }
  try {
    fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return { valid: false, reason: 'invalid' }
  }
  const { l, r, v, e } = fields
  if (
    typeof l !== 'string' ||
    typeof r !== 'string' ||
    typeof v !== 'string' ||
    !VIAS.has(v) ||
    typeof e !== 'number'
  ) {
    return { valid: false, reason: 'invalid' }
  }
  if (e * 1000 <= now.getTime()) return { valid: false, reason: 'expired' }
  return { valid: true, grant: { leadId: l, recipient: r, via: v as TakeGrant['via'], expiresAt: new Date(e * 1000) } }
}

function mac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(`take-link.v1.${body}`).digest('base64url')
}

/** Makes a recipient's take link for a lead, as notifications carry it: `<LEAD_TAKE_URL>/api/take/<token>`. */
export type TakeLinks = (leadId: string, recipient: string, via: TakeGrant['via']) => string

export function takeLinks(options: { takeUrl: string; secret: string; ttlMs: number; now?: () => Date }): TakeLinks {
  return (leadId, recipient, via) => {
    const now = options.now?.() ?? new Date()
    const token = signTakeToken(
      { leadId, recipient, via, expiresAt: new Date(now.getTime() + options.ttlMs) },
      options.secret,
    )
    return `${options.takeUrl}/api/take/${token}`
  }
}
