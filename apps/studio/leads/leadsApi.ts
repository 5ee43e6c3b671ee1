import {
  adminQueryError,
  type LeadDetailJson,
  type LeadListQuery,
  type LeadReleaseJson,
  type LeadReplayJson,
  type LeadSummaryJson,
  leadListQuerySchema,
} from '@site/leads/admin'
import type { LeadStatusChange } from '@site/leads/followThrough'

/**
 * The Leads tool's client of the lead server's admin API. The Studio user's own Sanity token goes in the
 * Authorization header (never in a URL); the server checks it with Sanity's /users/me and the user's
 * project role. No lead and no lead server secret is in the Studio's bundle or dataset.
 */
export interface LeadFilters {
  form: string
  state: string
  from: string
  to: string
  q: string
}

export type LeadSummary = LeadSummaryJson
export type LeadDetail = LeadDetailJson

export class LeadsApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The list's or export's query, built as the server checks it (@site/leads/admin): `from`/`to` are the date
 * inputs' days, from the start of `from` to the end of `to`, in the browser's zone. A filter the server
 * would refuse (a date out of range) is refused here, naming the field, before anything is sent.
 */
export function filterQuery(filters: LeadFilters, extra: Omit<LeadListQuery, keyof LeadFilters> = {}): string {
  const query: LeadListQuery = { ...extra }
  if (filters.form) query.form = filters.form as LeadListQuery['form']
  if (filters.state) query.state = filters.state as LeadListQuery['state']
  if (filters.from) query.from = dayStart(filters.from, 0)
  if (filters.to) query.to = dayStart(filters.to, 1)
  if (filters.q.trim()) query.q = filters.q.trim()
  const checked = leadListQuerySchema.safeParse(query)
  if (!checked.success) throw new LeadsApiError(400, adminQueryError(checked.error).error)
  const text = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString()
  return text ? `?${text}` : ''
}

/** The start of a date input's day (plus `days`) in the browser's zone, as ISO 8601; as typed when no date. */
function dayStart(day: string, days: number): string {
  const time = new Date(`${day}T00:00:00`).getTime() + days * 86_400_000
  return Number.isNaN(time) || Math.abs(time) > 8.64e15 ? day : new Date(time).toISOString()
}

/** `POST /api/admin/leads/:id/spam`: the team's judgement on a lead it received. */
export interface SpamAnswer {
  markedSpam: boolean
  markedSpamAt: string | null
  reason?: string
}

/** `GET /api/admin/quarantine/counts`: the leads quarantined per day (UTC) and named reason. */
export interface QuarantineCounts {
  days: number
  from: string
  counts: Array<{ day: string; reason: string; count: number }>
}

export function leadsApi(serverUrl: string, token: string | undefined) {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(`${serverUrl}${path}`, {
      ...init,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    })
    if (!response.ok && response.status !== 409) {
      const body = (await response.json().catch(() => ({}))) as { error?: string }
      throw new LeadsApiError(response.status, body.error ?? `The lead server answered ${response.status}`)
    }
    return response
  }
  const post = async <T>(id: string, action: string): Promise<T> =>
    (await (await call(`/api/admin/leads/${encodeURIComponent(id)}/${action}`, { method: 'POST' })).json()) as T
  const send = (id: string, action: string, body: unknown) =>
    call(`/api/admin/leads/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  return {
    list: async (filters: LeadFilters, before?: LeadSummary) =>
      (
        (await (
          await call(
            `/api/admin/leads${filterQuery(filters, before ? { beforeAt: before.receivedAt, beforeId: before.id, limit: '50' } : { limit: '50' })}`,
          )
        ).json()) as { leads: LeadSummary[] }
      ).leads,
    detail: async (id: string) =>
      (await (await call(`/api/admin/leads/${encodeURIComponent(id)}`)).json()) as LeadDetail,
    replay: (id: string) => post<LeadReplayJson>(id, 'replay'),
    /** "Not spam": a held lead is released and delivered as any lead. */
    release: (id: string) => post<LeadReleaseJson>(id, 'release'),
    /** "Spam": the team's judgement on a lead that was let through. */
    markSpam: (id: string) => post<SpamAnswer>(id, 'spam'),
    /** Follow-through: the signed-in user takes a lead, hands it back, sets its status (recorded as theirs). */
    take: async (id: string, by: string) =>
      (await (await send(id, 'take', { by, via: 'studio' })).json()) as { taken: boolean; owner: string | null },
    handBack: async (id: string, by: string) =>
      (await (await send(id, 'hand-back', { by, via: 'studio' })).json()) as { handedBack: boolean },
    setStatus: async (id: string, change: LeadStatusChange, by: string) =>
      (await (await send(id, 'status', { change, by, via: 'studio' })).json()) as { status: string },
    lostReasons: async () => ((await (await call('/api/admin/lost-reasons')).json()) as { reasons: string[] }).reasons,
    quarantineCounts: async (days: number) =>
      (await (await call(`/api/admin/quarantine/counts?days=${days}`)).json()) as QuarantineCounts,
    exportCsv: async (filters: LeadFilters) => (await call(`/api/admin/export.csv${filterQuery(filters)}`)).blob(),
  }
}

export type LeadsApi = ReturnType<typeof leadsApi>

/** A failure as the tool says it. */
export function describeFailure(failure: unknown): string {
  // 401: Sanity knows no such session (signed out, expired, another project's). A role that may not read
  // leads (403) and Sanity not answering (503) come with the server's own words.
  if (failure instanceof LeadsApiError && failure.status === 401) {
    return 'The lead server could not confirm your Studio session: sign out and in again, or ask a project administrator for access to leads.'
  }
  if (failure instanceof LeadsApiError) return failure.message
  return 'The lead server cannot be reached.'
}
