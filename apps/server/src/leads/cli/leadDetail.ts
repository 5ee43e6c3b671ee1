import {
  ANOTHER_MESSAGE_TITLE,
  type DeliveryAttemptJson,
  deliveryKindText,
  destinationTitle,
  LEAD_FORM_TITLES,
  type LeadDeliveryJson,
  type LeadDetailJson,
  leadDeliveryKinds,
} from '@site/leads/admin'
import { type SeenVariant, seenVariantsText } from '@site/leads/experiments'
import { LEAD_STATUS_TITLES } from '@site/leads/followThrough'
import { leadAnswers } from '@site/leads/labels'
import { scoreText } from '@site/leads/routing'
import { printable, readableTime, readableTimeWithAge } from './readableText.ts'

type Row = [label: string, value: string]
type Block = Row | { heading: string; rows: Block[] }

/** `pnpm leads show <id>`: the lead, what the visitor answered, where the visit came from, consent, deliveries. */
export function leadDetail(record: LeadDetailJson, now = Date.now()): string {
  const { lead, consents, deliveries } = record
  const held = lead.quarantine_reason
    ? `quarantined: ${printable(lead.quarantine_reason)}`
    : lead.repeat_of
      ? `repeat of ${lead.repeat_of}`
      : undefined
  const told = leadDeliveryKinds(deliveries, { held: Boolean(held) }).map(deliveryKindText)
  const sections: Array<[string, Block[]]> = [
    [
      'Lead',
      [
        ['ID', lead.id],
        ['Form', `${LEAD_FORM_TITLES[lead.form] ?? lead.form} (${lead.form})`],
        ['Received', readableTimeWithAge(lead.received_at, now)],
        ['State', [...(held ? [held] : []), ...told].join('\n') || 'no delivery'],
        ...(lead.first_lead && !lead.repeat_of
          ? [['Person', `${ANOTHER_MESSAGE_TITLE}: their first is ${lead.first_lead}`] as Row]
          : []),
      ],
    ],
    [
      'Answers',
      leadAnswers(lead.form, lead.payload).map(({ label, text, time }) => [
        label,
        time ? readableTimeWithAge(time, now) : valueText(text),
      ]),
    ],
    ['Attribution', lead.attribution ? objectBlocks(lead.attribution, now) : [['', 'none recorded']]],
    [
      'Consent',
      consents.length === 0
        ? [['', 'none recorded']]
        : consents.map((consent, index) => ({
            heading: `${index + 1}. ${consent.kind}${consent.checked === null ? '' : consent.checked ? ', ticked' : ', not ticked'}`,
            rows: [
              ['Text', printable(consent.text)],
              ['Field', printable(consent.field)],
              ['Document', `${printable(consent.document_id)} at revision ${printable(consent.document_rev)}`],
              ['Recorded', readableTimeWithAge(consent.recorded_at, now)],
              ['Page', printable(consent.page_url ?? '—')],
              ['Address', consent.ip_address ?? '—'],
              ['Browser', printable(consent.user_agent ?? '—')],
            ],
          })),
    ],
    [
      'Deliveries',
      deliveries.length === 0
        ? [['', 'none: the lead was not queued for a webhook or a notification']]
        : deliveries.map((delivery) => ({
            heading: `${destinationTitle(delivery.destination)} (${printable(delivery.destination)})`,
            rows: deliveryRows(delivery, now),
          })),
    ],
    ['Routing', routingBlocks(record)],
    ['Follow-through', followThroughRows(record, now)],
  ]
  return sections.map(([title, blocks]) => [title, ...render(blocks, 1)].join('\n')).join('\n\n')
}

/** Who owns the lead, its status, and its history (who, when, through what), oldest first. */
function followThroughRows(record: LeadDetailJson, now: number): Block[] {
  const { lead, events = [] } = record
  const status = lead.status ?? 'new'
  const detail =
    status === 'won' && lead.won_value != null
      ? ` (value ${lead.won_value})`
      : status === 'lost' && lead.lost_reason
        ? ` (${printable(lead.lost_reason)})`
        : ''
  const rows: Block[] = [
    [
      'Owner',
      lead.owner ? `${printable(lead.owner)}, since ${readableTime(lead.taken_at ?? '')}` : 'nobody has taken it',
    ],
    ['Status', `${LEAD_STATUS_TITLES[status]}${detail}`],
  ]
  for (const event of events) {
    const what =
      event.kind === 'status' && event.status
        ? `status ${LEAD_STATUS_TITLES[event.status]}${event.value === null ? '' : ` (value ${event.value})`}${event.reason ? ` (${printable(event.reason)})` : ''}`
        : event.kind
    rows.push([readableTimeWithAge(event.at, now), `${what} by ${printable(event.by)} via ${event.via}`])
  }
  return rows
}

/** The rule that chose who hears of the lead, and the routing document's revision (or LEAD_NOTIFY_EMAIL). */
function routingBlocks(record: LeadDetailJson): Block[] {
  const notify = record.lead.notify
  if (!notify) return [['', 'none: the lead was not routed']]
  const rule = `${notify.rule ? `rule ${printable(notify.rule)}` : 'no rule matched'}${notify.hot ? ', hot' : ''}`
  const source = record.lead.routing_rev
    ? ` (document revision ${printable(record.lead.routing_rev)})`
    : ' (LEAD_NOTIFY_EMAIL)'
  return [['Rule', rule + source], ...(notify.score ? ([['Score', scoreText(notify.score)]] as Block[]) : [])]
}

function deliveryRows(delivery: LeadDeliveryJson, now: number): Block[] {
  const email = delivery.message?.email
  const rows: Block[] = [
    ...(email
      ? ([
          ['To', printable(email.to.join(', '))],
          ['Subject', printable(email.subject)],
        ] as Row[])
      : []),
    ['State', delivery.state],
    ['Attempts', String(delivery.attempts)],
    ['Last status', delivery.last_status === null ? '—' : String(delivery.last_status)],
    ['Last error', printable(delivery.last_error ?? '—')],
  ]
  if (delivery.state === 'pending') rows.push(['Next attempt', readableTimeWithAge(delivery.next_attempt_at, now)])
  if (delivery.delivered_at) rows.push(['Delivered', readableTimeWithAge(delivery.delivered_at, now)])
  for (const attempt of delivery.attempts_log) rows.push(attemptRow(attempt))
  return rows
}

function attemptRow(attempt: DeliveryAttemptJson): Row {
  const outcome =
    attempt.status !== null
      ? `answered ${attempt.status}`
      : attempt.error
        ? `failed: ${printable(attempt.error)}`
        : attempt.finishedAt
          ? 'no answer'
          : 'in flight'
  const next = attempt.nextAttemptAt ? `, next try ${readableTime(attempt.nextAttemptAt, { seconds: true })}` : ''
  return [`Attempt ${attempt.attempt}`, `${readableTime(attempt.startedAt, { seconds: true })}  ${outcome}${next}`]
}

/** A stored object (attribution) as labelled rows, a nested object as a sub-block under its own heading. */
function objectBlocks(value: Record<string, unknown>, now: number): Block[] {
  return Object.entries(value).map(([key, item]): Block => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      return { heading: labelOf(key), rows: objectBlocks(item as Record<string, unknown>, now) }
    }
    if (key === 'at' && typeof item === 'string') return [labelOf(key), readableTimeWithAge(item, now)]
    if (key === 'experiments' && Array.isArray(item)) return ['Experiments', seenVariantsText(item as SeenVariant[])]
    return [labelOf(key), valueText(item)]
  })
}

/** `landingPage` → "Landing page"; `utm_source` and other snake_case names stay as they are on the wire. */
function labelOf(key: string): string {
  if (key.includes('_')) return key
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function valueText(value: unknown): string {
  if (value === '' || value === null || value === undefined) return '—'
  return printable(typeof value === 'string' ? value : JSON.stringify(value))
}

function render(blocks: Block[], depth: number): string[] {
  const indent = '  '.repeat(depth)
  const labels = blocks.filter((block): block is Row => Array.isArray(block)).map(([label]) => label.length)
  const width = Math.max(0, ...labels) + 2
  return blocks.flatMap((block) => {
    if (!Array.isArray(block)) return [`${indent}${block.heading}`, ...render(block.rows, depth + 1)]
    const [label, value] = block
    const [first, ...rest] = value.split('\n')
    const column = label ? `${indent}${label.padEnd(width)}` : indent
    return [`${column}${first}`, ...rest.map((line) => `${' '.repeat(column.length)}${line}`)]
  })
}
