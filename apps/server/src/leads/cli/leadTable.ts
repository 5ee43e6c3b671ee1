import { deliveryKindText, LEAD_FORM_TITLES, LEAD_STATE_TITLES, type LeadSummaryJson } from '@site/leads/admin'
import Table from 'cli-table3'
import { oneLine, readableTime } from './readableText.ts'

/**
 * `pnpm leads list`: one row per lead, newest first, the id in full so it can be pasted into `show` (or its
 * start); its state as the Leads tool words it: held, or who heard of it, a line per delivery kind.
 */
export function leadTable(leads: LeadSummaryJson[], limit: number): string {
  if (leads.length === 0) return 'No leads match.'
  const table = new Table({
    head: ['ID', 'Received', 'Form', 'Name', 'E-mail', 'Company', 'State'],
    // No colours: the table is read in terminals, logs and pasted into tickets alike.
    style: { head: [], border: [] },
  })
  for (const lead of leads) {
    table.push([
      lead.id,
      readableTime(lead.receivedAt),
      LEAD_FORM_TITLES[lead.form] ?? lead.form,
      oneLine(lead.name, 28),
      oneLine(lead.email, 36),
      oneLine(lead.company, 28),
      stateLines(lead),
    ])
  }
  const count = `${leads.length} lead${leads.length === 1 ? '' : 's'}, newest first`
  const more = leads.length >= limit ? ` (the newest ${limit}: --limit for more, up to 1000)` : ''
  return `${table.toString()}\n${count}${more}.`
}

function stateLines(lead: LeadSummaryJson): string {
  const held = lead.state === 'quarantined' || lead.state === 'repeat' ? [LEAD_STATE_TITLES[lead.state]] : []
  return [...held, ...lead.deliveryKinds.map(deliveryKindText)].join('\n')
}
