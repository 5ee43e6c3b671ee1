import type { InsightEvent } from '@site/leads/insights'
import type { InsightsDb } from '../tables.ts'

export type ExposureEvent = Extract<InsightEvent, { type: 'exposure' }>

/** Adds a batch's exposures to the day's counts by experiment and variant, one statement per variant seen. */
export async function storeExposures(db: InsightsDb, events: ExposureEvent[], at: Date): Promise<void> {
  const day = at.toISOString().slice(0, 10)
  const counts = new Map<string, { experiment: string; variant: string; count: number }>()
  for (const { experiment, variant } of events) {
    const key = `${experiment}\n${variant}`
    const counted = counts.get(key) ?? { experiment, variant, count: 0 }
    counted.count += 1
    counts.set(key, counted)
  }
  await db
    .insertInto('insight_experiment_exposures')
    .values([...counts.values()].map((row) => ({ day, ...row })))
    .onConflict((conflict) =>
      conflict
        .columns(['day', 'experiment', 'variant'])
        .doUpdateSet((eb) => ({ count: eb('insight_experiment_exposures.count', '+', eb.ref('excluded.count')) })),
    )
    .execute()
}

/** Every experiment's exposures by variant, over all days. */
export async function exposureCounts(db: InsightsDb): Promise<Map<string, Map<string, number>>> {
  const rows = await db
    .selectFrom('insight_experiment_exposures')
    .select(['experiment', 'variant', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .groupBy(['experiment', 'variant'])
    .execute()
  const counts = new Map<string, Map<string, number>>()
  for (const row of rows) {
    const byVariant = counts.get(row.experiment) ?? new Map<string, number>()
    byVariant.set(row.variant, Number(row.count))
    counts.set(row.experiment, byVariant)
  }
  return counts
}
