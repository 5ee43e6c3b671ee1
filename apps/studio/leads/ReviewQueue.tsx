import { Badge, Box, Button, Card, Flex, Heading, Inline, Spinner, Stack, Text } from '@sanity/ui'
import { LEAD_FORM_TITLES, releaseText } from '@site/leads/admin'
import { holdReasonTitle } from '@site/leads/spam'
import { useMemo, useState } from 'react'
import { NO_FILTERS } from './LeadFiltersForm'
import { readableTime, relativeTime } from './leadFormat'
import { describeFailure, type LeadSummary, type LeadsApi, type QuarantineCounts } from './leadsApi'
import { useLeadList, useQuarantineCounts } from './useLeads'

const QUARANTINED = { ...NO_FILTERS, state: 'quarantined' }
const COUNT_DAYS = 14

/**
 * The review queue: submissions held back as spam, each with why, and "Not spam" to release one (it is then
 * delivered and notified as any lead); above them, how many were held per reason on each of the last days.
 */
export function ReviewQueue({ api }: { api: LeadsApi }) {
  const list = useLeadList(api, QUARANTINED)
  const [version, setVersion] = useState(0)
  const counts = useQuarantineCounts(api, COUNT_DAYS, version)
  const [messages, setMessages] = useState<Record<string, string>>({})

  const release = async (lead: LeadSummary) => {
    let message: string
    try {
      message = releaseText(await api.release(lead.id))
    } catch (failure) {
      message = describeFailure(failure)
    }
    setMessages((current) => ({ ...current, [lead.id]: message }))
    setVersion((current) => current + 1)
    await list.reload()
  }

  return (
    <Box padding={[3, 3, 4]} data-testid="review-queue">
      <Stack space={5} style={{ maxWidth: 880 }}>
        <Stack space={3}>
          <Heading as="h2" size={1}>
            Held for review
          </Heading>
          <Text size={1} muted>
            Nothing here was delivered or notified. Release a submission a person sent with “Not spam”.
          </Text>
          {list.error && (
            <Card padding={3} tone="critical" radius={2} role="alert">
              <Text size={1}>{list.error}</Text>
            </Card>
          )}
          {Object.entries(messages)
            .filter(([id]) => !list.leads.some((lead) => lead.id === id))
            .map(([id, message]) => (
              <Card key={id} padding={3} radius={2} tone="primary" role="status">
                <Text size={1}>{message}</Text>
              </Card>
            ))}
          <Stack space={2} as="ul" aria-label="Held submissions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.leads.map((lead) => (
              <li key={lead.id}>
                <HeldLead lead={lead} message={messages[lead.id]} onRelease={() => release(lead)} />
              </li>
            ))}
          </Stack>
          {!list.loading && !list.error && list.leads.length === 0 && <Text muted>No submission is held.</Text>}
          {list.loading && <Spinner muted />}
          {list.more && !list.loading && <Button text="Load more" mode="ghost" onClick={list.loadMore} />}
        </Stack>
        <QuarantineCountsCard counts={counts.counts} error={counts.error} />
      </Stack>
    </Box>
  )
}

function HeldLead({ lead, message, onRelease }: { lead: LeadSummary; message?: string; onRelease: () => void }) {
  return (
    <Card padding={3} radius={2} border>
      <Stack space={3}>
        <Flex align="flex-start" gap={3} wrap="wrap">
          <Stack space={2} flex={1} style={{ minWidth: 200 }}>
            <Text size={1} muted>
              {LEAD_FORM_TITLES[lead.form] ?? lead.form} · {readableTime(lead.receivedAt)} (
              {relativeTime(lead.receivedAt)})
            </Text>
            <Text weight="semibold" textOverflow="ellipsis">
              {[lead.name || 'No name given', lead.company].filter(Boolean).join(' · ')}
            </Text>
            <Text size={1} muted textOverflow="ellipsis">
              {lead.email || 'No e-mail given'}
            </Text>
          </Stack>
          <Button text="Not spam" tone="positive" onClick={onRelease} />
        </Flex>
        <Card padding={2} radius={2} tone="caution">
          <Text size={1}>Why: {lead.quarantineReason ?? 'no reason recorded'}</Text>
        </Card>
        {message && (
          <Text size={1} role="status">
            {message}
          </Text>
        )}
      </Stack>
    </Card>
  )
}

/** Per reason, how many were held in the period, then day by day (newest first). */
function QuarantineCountsCard({ counts, error }: { counts?: QuarantineCounts; error?: string }) {
  const days = useMemo(() => byDay(counts), [counts])
  return (
    <Card padding={[3, 3, 4]} radius={2} border data-testid="quarantine-counts">
      <Stack space={4}>
        <Heading as="h2" size={1}>
          Held per reason, last {COUNT_DAYS} days
        </Heading>
        {error && (
          <Card padding={3} radius={2} tone="critical" role="alert">
            <Text size={1}>{error}</Text>
          </Card>
        )}
        {!error && !counts && <Spinner muted />}
        {counts && days.length === 0 && <Text muted>Nothing was held since {counts.from}.</Text>}
        {days.map(({ day, total, reasons }) => (
          <Flex key={day} gap={3} align="flex-start" wrap="wrap">
            <Box style={{ minWidth: 120 }}>
              <Text size={1} weight="semibold">
                {dayTitle(day)} · {total}
              </Text>
            </Box>
            <Inline space={2} flex={1}>
              {reasons.map(({ reason, count }) => (
                <Badge key={reason} tone="caution">
                  {holdReasonTitle(reason)}: {count}
                </Badge>
              ))}
            </Inline>
          </Flex>
        ))}
      </Stack>
    </Card>
  )
}

function byDay(counts?: QuarantineCounts) {
  const days = new Map<string, Array<{ reason: string; count: number }>>()
  for (const { day, reason, count } of counts?.counts ?? [])
    days.set(day, [...(days.get(day) ?? []), { reason, count }])
  return [...days.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, reasons]) => ({
      day,
      total: reasons.reduce((sum, { count }) => sum + count, 0),
      reasons: reasons.sort((a, b) => b.count - a.count),
    }))
}

const DAY = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })
/** A UTC day (`YYYY-MM-DD`, as the server counts) as "Thu, Nov 26". */
const dayTitle = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`))
