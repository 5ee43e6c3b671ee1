/** @jsxRuntime automatic */
/** @jsxImportSource react */
// tsx compiles this with esbuild, which reads no tsconfig here: the pragmas ask for the automatic JSX runtime.
import { render } from '@react-email/render'
import type { DeliveryMessageJson } from '@site/leads/admin'
import type { LeadDb } from '../db/database.ts'
import type { JsonObject } from '../db/tables.ts'
import type { TakeLinks } from '../followThrough/takeLink.ts'
import type { ClaimedDelivery } from '../store/deliveryQueue.ts'
import { chatBody } from './chatMessage.ts'
import { echoedFirstName } from './confirmationEcho.ts'
import type { NotifyConfig } from './notifyConfig.ts'
import type { NotificationMessage } from './routing.ts'
import {
  ConfirmationEmail,
  DigestEmail,
  digestTitle,
  type HeldSummary,
  type LeadView,
  leadView,
  oneLine,
  TeamEmail,
  teamSubject,
} from './teamEmail.tsx'

export type RenderedEmail = NonNullable<DeliveryMessageJson['email']>

/** `<delivery-id@sender's domain>`: every attempt of a delivery is the same message to a mail client. */
export function messageIdOf(deliveryId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'leads.invalid'
  return `<${deliveryId}@${domain}>`
}

async function email(
  element: React.ReactElement,
  fields: Omit<RenderedEmail, 'text' | 'html' | 'messageId'>,
  deliveryId: string,
): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { messageId: messageIdOf(deliveryId, fields.from), ...fields, subject: oneLine(fields.subject), text, html }
}

/**
 * The message of a claimed notification, as it goes out: rendered once, at its first attempt, and kept on
 * the delivery, so a retry sends the same message. A digest lists the leads routed to its recipient in the
 * 24 hours before it.
 */
export async function renderNotification(
  claim: ClaimedDelivery,
  config: NotifyConfig,
  db: LeadDb,
  takeLinks?: TakeLinks,
): Promise<DeliveryMessageJson> {
  const queued = claim.message as (NotificationMessage & DeliveryMessageJson) | null
  if (!queued) throw new Error(`The delivery to ${claim.destination} has no message`)
  if (queued.email || queued.chat) return queued
  const lead = claim.lead
  if (!lead) throw new Error('The lead of this notification is gone')
  const base = leadView(lead, config.studioUrl)
  // A team message names its one recipient (an address, or a chat channel): its take link is theirs.
  const recipient =
    queued.kind === 'chat' ? `chat:${queued.channel}` : queued.to.length === 1 ? queued.to[0] : undefined
  const view =
    takeLinks && recipient && queued.kind !== 'confirmation' && queued.kind !== 'digest'
      ? { ...base, takeLink: takeLinks(lead.id, recipient, queued.kind === 'chat' ? 'chat' : 'email') }
      : base
  const hot = (lead.notify as { hot?: boolean } | null)?.hot ?? false
  switch (queued.kind) {
    case 'team':
      return {
        ...queued,
        email: await email(
          <TeamEmail view={view} hot={hot} timeZone={config.teamTimeZone} />,
          {
            from: config.from,
            to: queued.to,
            subject: queued.unanswered ? `Not taken yet · ${teamSubject(view, hot)}` : teamSubject(view, hot),
            ...(view.email ? { replyTo: oneLine(view.email) } : {}),
          },
          claim.id,
        ),
      }
    case 'confirmation': {
      const name = echoedFirstName(lead.payload)
      const fill = (text: string) => text.replaceAll('{name}', name)
      return {
        ...queued,
        email: await email(
          <ConfirmationEmail body={fill(queued.body)} />,
          { from: config.from, to: queued.to, subject: fill(queued.subject) },
          claim.id,
        ),
      }
    }
    case 'digest': {
      const listed = await digestLeads(db, queued, config.studioUrl)
      const held = await heldReasons(db, queued)
      const to = queued.to[0]
      const views =
        takeLinks && to ? listed.map((item) => ({ ...item, takeLink: takeLinks(item.id, to, 'digest') })) : listed
      const day = queued.until.slice(0, 10)
      return {
        ...queued,
        email: await email(
          <DigestEmail views={views} held={held} day={day} toolLink={`${config.studioUrl}/leads`} />,
          {
            from: config.from,
            to: queued.to,
            subject: `${digestTitle(views.length, held.leads)} · digest of ${day}`,
          },
          claim.id,
        ),
      }
    }
    case 'chat': {
      const channel = config.chatChannels[queued.channel]
      const format = channel?.format ?? 'slack'
      return { ...queued, chat: { format, body: chatBody(format, view, hot) } }
    }
  }
}

/**
 * What the quarantine took in the digest's 24 hours: how many leads, and how many of them each named reason
 * held, most first. The quarantine is never silent: every digest says it.
 */
export async function heldReasons(db: LeadDb, digest: { from: string; until: string }): Promise<HeldSummary> {
  const leads = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('received_at', '>=', new Date(digest.from))
    .where('received_at', '<', new Date(digest.until))
    .where('quarantine_reason', 'is not', null)
    .where('released_at', 'is', null)
    .executeTakeFirst()
  const reasons = await db
    .selectFrom('lead_reasons')
    .innerJoin('leads', 'leads.id', 'lead_reasons.lead_id')
    .select(['lead_reasons.reason', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('lead_reasons.held', '=', true)
    .where('leads.received_at', '>=', new Date(digest.from))
    .where('leads.received_at', '<', new Date(digest.until))
    .where('leads.released_at', 'is', null)
    .groupBy('lead_reasons.reason')
    .execute()
  return {
    leads: Number(leads?.count ?? 0),
    reasons: reasons
      .map((row) => ({ reason: row.reason, count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  }
}

/** The leads of the digest's 24 hours whose routing put its recipient in the digest, oldest first. */
export async function digestLeads(
  db: LeadDb,
  digest: { to: string[]; from: string; until: string },
  studioUrl: string,
): Promise<LeadView[]> {
  const recipient = digest.to[0] ?? ''
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'form', 'payload', 'attribution', 'received_at', 'notify', 'first_lead'])
    .where('received_at', '>=', new Date(digest.from))
    .where('received_at', '<', new Date(digest.until))
    .where('notify', 'is not', null)
    .where('quarantine_reason', 'is', null)
    .orderBy('received_at')
    .execute()
  return rows
    .filter((row) => {
      const listed = (row.notify as JsonObject | null)?.digest
      return Array.isArray(listed) && listed.includes(recipient)
    })
    .map((row) => leadView(row, studioUrl))
}
