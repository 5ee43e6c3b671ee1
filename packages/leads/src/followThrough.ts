import { z } from './zod'

/**
 * What happens to a lead after it is delivered: who takes it (its owner), and its status through to revenue.
 * Every change is an event in the lead's append-only history; the admin API, the take page, `pnpm leads` and
 * the CRM webhook set them through the same rules.
 */

/** A lead's status, in the order a sale goes: won, lost and not a fit end it. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost', 'not-a-fit'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const LEAD_STATUS_TITLES: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  'not-a-fit': 'Not a fit',
}

/** What a history event records: the lead taken, handed back, or its status set. */
export const LEAD_EVENT_KINDS = ['taken', 'handed-back', 'status'] as const
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number]

/** Where a change was made: a notification's take link (by its kind), the Studio, the CLI, a CRM. */
export const LEAD_EVENT_VIA = ['email', 'digest', 'chat', 'studio', 'cli', 'crm'] as const
export type LeadEventVia = (typeof LEAD_EVENT_VIA)[number]

/** The webhook event types a CRM can follow (`LEAD_EVENTS_WEBHOOK_URL`), by the history event's kind. */
export const LEAD_WEBHOOK_EVENT_TYPES: Record<LeadEventKind, string> = {
  taken: 'lead.claimed',
  'handed-back': 'lead.handed_back',
  status: 'lead.status_changed',
}

/** One entry of a lead's history, as the admin API answers it (oldest first). */
export interface LeadEventJson {
  id: string
  at: string
  kind: LeadEventKind
  /** Who: the recipient's e-mail address, a chat taker's name, the Studio user, `crm`. */
  by: string
  via: LeadEventVia
  status: LeadStatus | null
  /** A won lead's value, in the site's currency. */
  value: number | null
  /** A lost lead's reason (from the routing document's list). */
  reason: string | null
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !/[\0\r\n]/.test(value), { message: 'One line of text' })

/**
 * A status change as the admin API, the take page and the CRM webhook accept it: `won` needs a value of 0 or
 * more, `lost` a reason; a value or a reason given with another status is refused rather than ignored.
 */
export const leadStatusChangeSchema = z
  .object({
    status: z.enum(LEAD_STATUSES),
    value: z.coerce.number().finite().min(0).max(1e12).optional(),
    reason: text(200).optional(),
  })
  .strict()
  .superRefine((change, context) => {
    if (change.status === 'won' && change.value === undefined) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'A won lead needs its value' })
    }
    if (change.status === 'lost' && change.reason === undefined) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'A lost lead needs its reason' })
    }
    if (change.status !== 'won' && change.value !== undefined) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Only a won lead has a value' })
    }
    if (change.status !== 'lost' && change.reason !== undefined) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'Only a lost lead has a reason' })
    }
  })
export type LeadStatusChange = z.output<typeof leadStatusChangeSchema>

/** `POST /api/admin/leads/:id/status`'s body: the change, who made it and where (the Studio or the CLI). */
export const adminStatusRequestSchema = z
  .object({
    change: leadStatusChangeSchema,
    by: text(200),
    via: z.enum(['studio', 'cli']),
  })
  .strict()

/** `POST /api/crm/status`'s body (signed with LEAD_CRM_SECRET, Standard Webhooks): which lead, and the change. */
export const crmStatusRequestSchema = z
  .object({
    leadId: z.uuid(),
    status: z.enum(LEAD_STATUSES),
    value: z.number().finite().min(0).max(1e12).optional(),
    reason: text(200).optional(),
  })
  .strict()

/** Lost reasons when the routing document lists none. */
export const DEFAULT_LOST_REASONS = ['No budget', 'Chose a competitor', 'No response', 'Timing'] as const
