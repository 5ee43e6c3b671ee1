import { useCallback, useEffect, useMemo, useState } from 'react'
import { useClient } from 'sanity'
import {
  describeFailure,
  type LeadDetail,
  type LeadFilters,
  type LeadSummary,
  type LeadsApi,
  LeadsApiError,
  leadsApi,
  type QuarantineCounts,
} from './leadsApi'

/** The admin API client, asking with the signed-in user's own Sanity token. */
export function useLeadsApi(serverUrl: string): LeadsApi {
  const client = useClient({ apiVersion: '2025-02-19' })
  return useMemo(() => leadsApi(serverUrl, client.config().token), [serverUrl, client])
}

const PAGE = 50

/** The leads a query shows, newest first, a page at a time. */
export function useLeadList(api: LeadsApi, query: LeadFilters) {
  const [leads, setLeads] = useState<LeadSummary[]>([])
  const [more, setMore] = useState(false)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string>()

  const load = useCallback(
    async (after?: LeadSummary) => {
      setLoading(true)
      setError(undefined)
      try {
        const page = await api.list(query, after)
        setLeads((earlier) => (after ? [...earlier, ...page] : page))
        setMore(page.length === PAGE)
      } catch (failure) {
        setLeads([])
        setError(describeFailure(failure))
      } finally {
        setLoading(false)
      }
    },
    [api, query],
  )

  useEffect(() => {
    void load()
  }, [load])

  return {
    leads,
    more,
    loading,
    error,
    setError,
    reload: useCallback(() => load(), [load]),
    loadMore: () => load(leads.at(-1)),
  }
}

/** While a delivery is pending, the open lead is asked for again this often, so "who was told" follows it. */
const FOLLOW_MS = 2000

/** One lead's detail, reloaded after an action and while any of its deliveries is pending. */
export function useLeadDetail(api: LeadsApi, id: string) {
  const [detail, setDetail] = useState<LeadDetail>()
  const [error, setError] = useState<string>()
  const refresh = useCallback(
    () =>
      api.detail(id).then(
        (answer) => {
          setDetail(answer)
          setError(undefined)
        },
        (failure: unknown) => setError(describeFailure(failure)),
      ),
    [api, id],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])
  const pending = detail?.deliveries?.some((delivery) => delivery.state === 'pending') ?? false
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(() => void refresh(), FOLLOW_MS)
    return () => clearInterval(timer)
  }, [pending, refresh])
  return { detail, error, refresh }
}

/** The quarantine counts of the last `days` days, or why there are none (a server without the endpoint: 404). */
export function useQuarantineCounts(api: LeadsApi, days: number, version: number) {
  const [counts, setCounts] = useState<QuarantineCounts>()
  const [error, setError] = useState<string>()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when a lead was judged, to ask again
  useEffect(() => {
    let current = true
    api.quarantineCounts(days).then(
      (answer) => {
        if (!current) return
        setCounts(answer)
        setError(undefined)
      },
      (failure: unknown) => {
        if (!current) return
        setError(
          failure instanceof LeadsApiError && failure.status === 404
            ? 'This lead server does not count held submissions yet (GET /api/admin/quarantine/counts answered 404): it needs the version with the spam checks.'
            : describeFailure(failure),
        )
      },
    )
    return () => {
      current = false
    }
  }, [api, days, version])
  return { counts, error }
}
