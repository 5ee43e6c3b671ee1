import type { DeliveryState, LeadReplayJson, LeadRoutingInUseJson, LeadSendingJson } from '@site/leads/admin'
import type { LeadFormName } from '@site/leads/forms'
import { holdReasonTitle } from '@site/leads/spam'

/** `GET /api/admin/health`. */
export interface HealthJson {
  store: 'embedded' | 'postgres'
  access: 'read' | 'manage'
  webhooks: Record<LeadFormName, boolean>
  /** `heldFor`: the named reasons of the leads the quarantine holds now, most first. */
  leads: { total: number; quarantined: number; heldFor: Array<{ reason: string; count: number }> }
  deliveries: Record<DeliveryState, number>
  /** Absent from servers before issue 39. */
  sending?: LeadSendingJson
  /** The routing document the server routes by now; null: none published. Absent where nothing reads it (a CLI's own store). */
  routing?: LeadRoutingInUseJson | null
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
      'Held for',
      health.leads.heldFor.map(({ reason, count }) => `${holdReasonTitle(reason)}: ${count}`).join('; ') || '—',
    ],
    [
      'Deliveries',
      `${health.deliveries.delivered} delivered, ${health.deliveries.pending} pending, ` +
        `${health.deliveries.misconfigured} misconfigured, ${health.deliveries.dead} dead`,
    ],
    ['Webhooks', webhooks.filter(Boolean).join('; ')],
    ...(health.sending ? sendingRows(health.sending) : []),
    ...(health.routing === undefined ? [] : [['Routing', routingRow(health.routing)] as [string, string]]),
  ]
  return labelled(rows)
}

/** Another local lead server on the same machine: what it can send. */
export function alsoAnswering(health: HealthJson, source: string): string {
  const forms = Object.entries(health.webhooks) as Array<[LeadFormName, boolean]>
  const set = forms.filter(([, on]) => on).map(([form]) => form)
  return labelled([
    ['Also answering', source],
    ['Webhooks', set.length ? `set for ${set.join(', ')}` : 'none set'],
    ...(health.sending ? sendingRows(health.sending) : []),
  ])
}

function labelled(rows: Array<[string, string]>): string {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2
  return rows.map(([label, value]) => `${label.padEnd(width)}${value}`).join('\n')
}

/** What the answering server can send: the rest waits, pending, for a lead server that has the settings. */
function sendingRows(sending: LeadSendingJson): Array<[string, string]> {
  const recipients = plural(sending.notifyEmails, 'address', 'addresses')
  return [
    [
      'Mail',
      sending.mail
        ? `${sending.mail}, from ${sending.from}; LEAD_NOTIFY_EMAIL ${recipients}`
        : `none (no SMTP_URL): e-mail waits for a lead server that has one; LEAD_NOTIFY_EMAIL ${recipients}`,
    ],
    [
      'Chat',
      sending.chat.length > 0
        ? sending.chat.map(({ name, format }) => `${name} (${format === 'teams' ? 'Teams' : 'Slack'})`).join(', ')
        : 'none (no LEAD_CHAT_WEBHOOKS): chat posts wait for a lead server that has their channel',
    ],
  ]
}

function routingRow(routing: LeadRoutingInUseJson | null): string {
  if (!routing) return 'no Lead routing document published: LEAD_NOTIFY_EMAIL gets every lead'
  const rotation = routing.rotation > 0 ? `, a rotation of ${plural(routing.rotation, 'person', 'people')}` : ''
  return `the Lead routing document (revision ${routing.rev}): ${plural(routing.rules, 'rule')}${rotation}`
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
