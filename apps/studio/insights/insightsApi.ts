import type { ExperimentFigures } from '@site/leads/experiments'
import type { InsightsReport } from '@site/leads/insights'

/**
 * The Insights tool's client of the lead server's admin API (`GET /api/admin/insights`), with the signed-in
 * user's own Sanity token in the Authorization header, exactly as the Leads tool asks for leads: the server
 * checks it with Sanity and the user's project role. No figure is in the Studio's bundle or dataset.
 */
export class InsightsApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export interface DayRange {
  from: string
  to: string
}

export function insightsApi(serverUrl: string, token: string | undefined) {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${serverUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string }
      throw new InsightsApiError(response.status, body.error ?? `The lead server answered ${response.status}`)
    }
    return (await response.json()) as T
  }
  return {
    report: ({ from, to }: DayRange) =>
      get<InsightsReport>(`/api/admin/insights?${new URLSearchParams({ from, to }).toString()}`),
    /** Every experiment over its whole run (docs/experiments.md). */
    experiments: () => get<ExperimentFigures[]>('/api/admin/insights/experiments'),
  }
}

/** The last `days` whole UTC days up to today, as the server counts days. */
export function lastDays(days: number, today = new Date()): DayRange {
  const to = today.toISOString().slice(0, 10)
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  return { from, to }
}
