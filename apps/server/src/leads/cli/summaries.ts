import type { DeliveryState, LeadReplayJson } from '@site/leads/admin'
import type { LeadFormName } from '@site/leads/forms'

/** `GET /api/admin/health`. */
export interface HealthJson {
  store: 'embedded' | 'postgres'
  access: 'read' | 'manage'
  webhooks: Record<LeadFormName, boolean>
  leads: { total: number; quarantined: number }
  deliveries: Record<DeliveryState, number>
}

/** `POST /api/admin/forget`. */
export interface ErasureJson {
  erased: { leads: number; consents: number; deliveries: number; deadLetters: number; attempts: number }
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

export function healthSummary(health: HealthJson, source: string): string {
  const forms = Object.entries(health.webhooks) as Array<[LeadFormName, boolean]>
  const set = forms.filter(([, on]) => on).map(([form]) => form)
  const unset = forms.filter(([, on]) => !on).map(([form]) => form)
  const webhooks = [
    set.length ? `set for ${set.join(', ')}` : '',
    unset.length ? `not set for ${unset.join(', ')}` : '',
  ]
  const rows: Array<[string, string]> = [
    ['Answered by', source],
    ['Store', health.store === 'embedded' ? 'embedded (SQLite)' : 'PostgreSQL'],
    ['Access', health.access === 'manage' ? 'manage (read, replay, erase)' : 'read'],
    ['Leads', `${health.leads.total} (${health.leads.quarantined} quarantined)`],
    [
      'Deliveries',
      `${health.deliveries.delivered} delivered, ${health.deliveries.pending} pending, ` +
        `${health.deliveries.misconfigured} misconfigured, ${health.deliveries.dead} dead`,
    ],
    ['Webhooks', webhooks.filter(Boolean).join('; ')],
  ]
  const width = Math.max(...rows.map(([label]) => label.length)) + 2
  return rows.map(([label, value]) => `${label.padEnd(width)}${value}`).join('\n')
}

export function replayedOne(id: string, answer: LeadReplayJson): string {
  const missing = answer.missing ?? []
  return [`Lead ${id} is queued for delivery again.`, ...missing.map((line) => `  Waiting: ${line}`)].join('\n')
}

export function replayedMany(ids: string[], state: string): string {
  if (ids.length === 0) return `No ${state} lead was replayed.`
  return [`Queued ${plural(ids.length, `${state} lead`)} for delivery again:`, ...ids.map((id) => `  ${id}`)].join('\n')
}

export function erasureSummary({ erased }: ErasureJson): string {
  return (
    `Erased ${plural(erased.leads, 'lead')}, ${plural(erased.consents, 'consent record')}, ` +
    `${plural(erased.deliveries, 'outbox entry', 'outbox entries')} (${erased.deadLetters} dead-lettered) and ` +
    `${plural(erased.attempts, 'delivery attempt')}. The server keeps no exports: CSVs it streamed are wherever ` +
    'they were saved.'
  )
}
