import { LEAD_FORM_TITLES, type LeadSummaryJson } from '@site/leads/admin'
import Table from 'cli-table3'
import { oneLine, readableTime } from './readableText.ts'

/** `pnpm leads list`: one row per lead, newest first, the id in full so it can be pasted into `show`. */
export function leadTable(leads: LeadSummaryJson[], limit: number): string {
  if (leads.length === 0) return 'No leads match.'
  const table = new Table({
    head: ['ID', 'Received', 'Form', 'State', 'Name', 'E-mail', 'Company', 'Attempts'],
    // No colours: the table is read in terminals, logs and pasted into tickets alike.
    style: { head: [], border: [] },
    colAligns: ['left', 'left', 'left', 'left', 'left', 'left', 'left', 'right'],
  })
  for (const lead of leads) {
    table.push([
      lead.id,
      readableTime(lead.receivedAt),
      LEAD_FORM_TITLES[lead.form] ?? lead.form,
      lead.state,
      oneLine(lead.name, 28),
      oneLine(lead.email, 36),
      oneLine(lead.company, 28),
      lead.attempts,
    ])
  }
  const count = `${leads.length} lead${leads.length === 1 ? '' : 's'}, newest first`
  const more = leads.length >= limit ? ` (the newest ${limit}: --limit for more, up to 1000)` : ''
  return `${table.toString()}\n${count}${more}.`
}
