import { DEFAULT_RETENTION, type InsightsRetention } from './maintenance.ts'

/** The insights settings, from the environment (see .env.example). */
export interface InsightsConfig extends InsightsRetention {
  /** Events one client address may send per minute (INSIGHTS_EVENTS_PER_MINUTE, 600). */
  eventsPerMinute: number
  /**
   * How often new events are rolled up and old rows deleted (INSIGHTS_MAINTENANCE_MINUTES, 5): a report reads
   * at most this long of raw events.
   */
  maintenanceMs: number
  /**
   * New distinct values each campaign field (utm_*, the referring site) may add to the figures a UTC day
   * (INSIGHTS_NEW_CAMPAIGN_VALUES_PER_DAY, 50): beyond that a new value counts as "(other)".
   */
  newCampaignValuesPerDay: number
}

function whole(value: string | undefined, fallback: number, min: number): number {
  const parsed = Number(value)
  return value && Number.isInteger(parsed) && parsed >= min ? parsed : fallback
}

export function insightsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): InsightsConfig {
  return {
    rawDays: whole(env.INSIGHTS_RAW_DAYS, DEFAULT_RETENTION.rawDays, 1),
    rollupDays: whole(env.INSIGHTS_ROLLUP_DAYS, DEFAULT_RETENTION.rollupDays, 1),
    eventsPerMinute: whole(env.INSIGHTS_EVENTS_PER_MINUTE, 600, 1),
    maintenanceMs: whole(env.INSIGHTS_MAINTENANCE_MINUTES, 5, 1) * 60_000,
    newCampaignValuesPerDay: whole(env.INSIGHTS_NEW_CAMPAIGN_VALUES_PER_DAY, 50, 0),
  }
}
