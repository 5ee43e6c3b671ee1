import type { InsightEvent } from '@site/leads/insights'
import { type ExposureEvent, storeExposures } from './experiments/exposures.ts'
import type { InsightsDb, NewInsightEvent } from './tables.ts'

/** One received event as it is stored: the server's time and the day's visitor hash, nothing of the request. */
export function eventRow(event: Exclude<InsightEvent, ExposureEvent>, at: Date, visitor: string): NewInsightEvent {
  const base = { at: at.toISOString(), day: at.toISOString().slice(0, 10), visitor, click_id: 0, entry: 0 }
  switch (event.type) {
    case 'pageview':
      return {
        ...base,
        type: 'pageview',
        path: event.path,
        referrer_host: event.referrer ?? null,
        utm_source: event.utm_source ?? null,
        utm_medium: event.utm_medium ?? null,
        utm_campaign: event.utm_campaign ?? null,
        utm_term: event.utm_term ?? null,
        utm_content: event.utm_content ?? null,
        click_id: event.clickId ? 1 : 0,
        device: event.device,
        entry: event.entry ? 1 : 0,
      }
    case 'form':
      return { ...base, type: 'form', path: event.path, form: event.form, step: event.step, field: event.field ?? null }
    case 'question':
      return {
        ...base,
        type: 'question',
        form: 'qualify',
        step: event.step,
        field: event.question,
        branch: event.branch,
      }
    case 'vital':
      return {
        ...base,
        type: 'vital',
        path: event.path,
        device: event.device,
        metric: event.metric,
        value: event.value,
      }
  }
}

/** Stores a batch in one statement, among the events the next upkeep rolls up. */
export async function storeEvents(db: InsightsDb, events: InsightEvent[], at: Date, visitor: string): Promise<void> {
  const exposures = events.filter((event): event is ExposureEvent => event.type === 'exposure')
  const others = events.filter((event): event is Exclude<InsightEvent, ExposureEvent> => event.type !== 'exposure')
  if (others.length > 0)
    await db
      .insertInto('insight_recent')
      .values(others.map((event) => eventRow(event, at, visitor)))
      .execute()
  if (exposures.length > 0) await storeExposures(db, exposures, at)
}
