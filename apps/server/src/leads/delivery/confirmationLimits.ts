import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { LeadDb } from '../db/database.ts'
import { ConfigurationError } from '../leadLog.ts'
import type { NotificationPlan } from './routing.ts'

/** The destination of every visitor confirmation (delivery/routing.ts). */
export const CONFIRMATION_DESTINATION = 'email:visitor'

/** How many visitor confirmations may go out: the bounds that keep the site from being used as a mailer. */
export interface ConfirmationLimits {
  /** At most this many per client address in any hour (LEAD_CONFIRMATIONS_PER_ADDRESS_HOUR; 0: none). */
  perAddressHour: number
  /** At most this many for the whole site per UTC day, across processes (LEAD_CONFIRMATIONS_PER_DAY; 0: none). */
  perDay: number
}

export function confirmationLimitsFromEnv(env: NodeJS.ProcessEnv): ConfirmationLimits {
  const whole = (name: string, fallback: number) => {
    const value = Number(env[name] || fallback)
    if (!Number.isInteger(value) || value < 0) throw new ConfigurationError(`${name}: a whole number, 0 or more`)
    return value
  }
  return {
    perAddressHour: whole('LEAD_CONFIRMATIONS_PER_ADDRESS_HOUR', 3),
    perDay: whole('LEAD_CONFIRMATIONS_PER_DAY', 200),
  }
}

export type ConfirmationVerdict = 'allowed' | 'address-limit' | 'daily-ceiling'

/**
 * Decides whether an accepted lead's confirmation may be queued: within the client address's hourly limit
 * (counted in this process) and under the site's daily ceiling (counted in the store, so every process shares
 * it). The caller asks only for a lead that passed every check.
 */
export function confirmationGate(db: LeadDb, limits: ConfirmationLimits) {
  const perAddress =
    limits.perAddressHour > 0 ? new RateLimiterMemory({ points: limits.perAddressHour, duration: 3600 }) : undefined
  return async (clientAddress: string, now: Date): Promise<ConfirmationVerdict> => {
    if (limits.perDay === 0 || limits.perAddressHour === 0) return 'daily-ceiling'
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    const today = await db
      .selectFrom('deliveries')
      .innerJoin('leads', 'leads.id', 'deliveries.lead_id')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('deliveries.destination', '=', CONFIRMATION_DESTINATION)
      .where('leads.received_at', '>=', dayStart)
      .executeTakeFirst()
    if (Number(today?.count ?? 0) >= limits.perDay) return 'daily-ceiling'
    try {
      await perAddress?.consume(clientAddress)
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection
      return 'address-limit'
    }
    return 'allowed'
  }
}

/** The plan without the visitor's confirmation: the team still hears of the lead. */
export function withoutConfirmation(plan: NotificationPlan): NotificationPlan {
  return {
    notice: { ...plan.notice, confirmation: false },
    deliveries: plan.deliveries.filter((delivery) => delivery.destination !== CONFIRMATION_DESTINATION),
  }
}
