import { Box, Button, Card, Flex, Spinner, Stack, Text, useMediaIndex } from '@sanity/ui'
import { useState } from 'react'
import { useRouter } from 'sanity/router'
import { LeadDetailPanel } from './LeadDetailPanel'
import { LeadFiltersForm, NO_FILTERS } from './LeadFiltersForm'
import { LeadList } from './LeadList'
import { describeFailure, type LeadFilters, type LeadsApi } from './leadsApi'
import { useLeadList } from './useLeads'

/** Below this media index (the Studio theme's 900 px) the list and a lead take the whole width in turn. */
const SIDE_BY_SIDE = 3

/** Every stored lead: filters, the list, and the chosen lead beside it (or instead of it on a phone). */
export function LeadsBrowser({ api }: { api: LeadsApi }) {
  const [query, setQuery] = useState<LeadFilters>(NO_FILTERS)
  const list = useLeadList(api, query)
  // The chosen lead is in the address (/leads/<id>), so the team's e-mail can link straight to it.
  const router = useRouter()
  const selected = typeof router.state.leadId === 'string' ? router.state.leadId : undefined
  const setSelected = (id?: string) => router.navigate(id ? { leadId: id } : {})
  const sideBySide = useMediaIndex() >= SIDE_BY_SIDE

  const exportCsv = async () => {
    try {
      const blob = await api.exportCsv(query)
      const link = document.createElement('a')
      link.href = URL.createObjectURL(blob)
      link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`
      link.click()
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
    } catch (failure) {
      list.setError(describeFailure(failure))
    }
  }

  const listPane = (
    <Stack space={4}>
      <LeadFiltersForm initial={query} onApply={setQuery} onExport={exportCsv} />
      {list.error && (
        <Card padding={3} tone="critical" radius={2} role="alert">
          <Text size={1}>{list.error}</Text>
        </Card>
      )}
      {!list.error && <LeadList leads={list.leads} selected={selected} onSelect={setSelected} />}
      {!list.loading && !list.error && list.leads.length === 0 && <Text muted>No lead matches.</Text>}
      {list.loading && <Spinner muted />}
      {list.more && !list.loading && <Button text="Load more" mode="ghost" onClick={list.loadMore} />}
    </Stack>
  )
  const detailPane = selected ? (
    <LeadDetailPanel key={selected} id={selected} api={api} onChanged={list.reload} />
  ) : (
    <Text muted>Choose a lead to read it: its answers, where it came from, its consent and who was told.</Text>
  )

  if (!sideBySide) {
    return (
      <Box padding={3}>
        {selected ? (
          <Stack space={4}>
            <Box>
              <Button text="← All leads" mode="bleed" onClick={() => setSelected(undefined)} />
            </Box>
            {detailPane}
          </Stack>
        ) : (
          listPane
        )}
      </Box>
    )
  }
  return (
    <Flex flex={1} style={{ minHeight: 0 }}>
      <Card flex={2} padding={4} overflow="auto" borderRight style={{ minWidth: 320, maxWidth: 520 }}>
        {listPane}
      </Card>
      <Card flex={3} padding={[4, 4, 4, 5]} overflow="auto">
        <Box style={{ maxWidth: 760 }}>{detailPane}</Box>
      </Card>
    </Flex>
  )
}
