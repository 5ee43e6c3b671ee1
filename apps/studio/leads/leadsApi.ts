import {
  adminQueryError,
  type LeadDetailJson,
  type LeadListQuery,
  type LeadSummaryJson,
  leadListQuerySchema,
} from '@site/leads/admin'

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
    act: async (id: string, action: 'replay' | 'release') =>
      (await (await call(`/api/admin/leads/${encodeURIComponent(id)}/${action}`, { method: 'POST' })).json()) as {
        replayed: boolean
        reason?: string
      },
    exportCsv: async (filters: LeadFilters) => (await call(`/api/admin/export.csv${filterQuery(filters)}`)).blob(),
  }
}
