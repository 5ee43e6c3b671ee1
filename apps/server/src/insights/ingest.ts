import type { InsightEvent } from '@site/leads/insights'
import { CAMPAIGN_FIELDS, type CampaignField, campaignShape } from './campaignValues.ts'
import { type ExposureEvent, storeExposures } from './experiments/exposures.ts'
import { OTHER, type SitePages } from './sitePages.ts'
import { pagePath } from './sources.ts'
import type { InsightsDb, NewInsightEvent } from './tables.ts'

/**
 * What an event's free text must pass before it is stored (docs/insights.md, "What is kept"): a path is
 * kept only when it is a page of the site, a campaign value only when it is plain, short, not personal and
 * within the day's cap on new values; anything else is stored as "(other)".
 */
export interface EventScreen {
  isPage: SitePages
  admit: (day: string, field: CampaignField, value: string) => Promise<string>
}

async function screened(row: NewInsightEvent, screen: EventScreen): Promise<NewInsightEvent> {
  const kept = { ...row }
  if (row.path != null) {
    const path = pagePath(row.path)
    kept.path = (await screen.isPage(path)) ? path : OTHER
  }
  for (const field of CAMPAIGN_FIELDS) {
    const value = row[field]
    if (value == null) continue
    const plain = field === 'referrer_host' ? value.toLowerCase().replace(/^www\./, '') : value
    kept[field] = await screen.admit(row.day, field, campaignShape(plain))
  }
  return kept
}

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

/** Stores a batch, screened, in one statement, among the events the next upkeep rolls up. */
export async function storeEvents(
  db: InsightsDb,
  screen: EventScreen,
  events: InsightEvent[],
  at: Date,
  visitor: string,
): Promise<void> {
  const exposures = events.filter((event): event is ExposureEvent => event.type === 'exposure')
  const others = events.filter((event): event is Exclude<InsightEvent, ExposureEvent> => event.type !== 'exposure')
  const rows: NewInsightEvent[] = []
  // One after the other: each new campaign value takes its place in the day's cap in the order it came.
  for (const event of others) rows.push(await screened(eventRow(event, at, visitor), screen))
  if (rows.length > 0) await db.insertInto('insight_recent').values(rows).execute()
  if (exposures.length > 0) await storeExposures(db, exposures, at)
}
