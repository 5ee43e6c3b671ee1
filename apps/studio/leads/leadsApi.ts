import type { LeadDetailJson, LeadSummaryJson } from '@site/leads/admin'

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

/** `from`/`to` are the date inputs' days: from the start of `from` to the end of `to`, in the browser's zone. */
export function filterQuery(filters: LeadFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (filters.form) params.set('form', filters.form)
  if (filters.state) params.set('state', filters.state)
  if (filters.from) params.set('from', new Date(`${filters.from}T00:00:00`).toISOString())
  if (filters.to) params.set('to', new Date(new Date(`${filters.to}T00:00:00`).getTime() + 86_400_000).toISOString())
  if (filters.q.trim()) params.set('q', filters.q.trim())
  for (const [key, value] of Object.entries(extra)) params.set(key, value)
  const text = params.toString()
  return text ? `?${text}` : ''
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
