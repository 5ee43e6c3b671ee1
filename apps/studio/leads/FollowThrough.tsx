import { Badge, Box, Button, Card, Flex, Select, Stack, Text, TextInput } from '@sanity/ui'
import {
  LEAD_STATUS_TITLES,
  LEAD_STATUSES,
  type LeadEventJson,
  type LeadStatus,
  type LeadStatusChange,
} from '@site/leads/followThrough'
import { useEffect, useState } from 'react'
import { useCurrentUser } from 'sanity'
import { readableTime } from './leadFormat'
import type { LeadDetail, LeadsApi } from './leadsApi'

const VIA_WORDS: Record<LeadEventJson['via'], string> = {
  email: 'the e-mail',
  digest: 'the daily digest',
  chat: 'chat',
  studio: 'the Studio',
  cli: 'the command line',
  crm: 'the CRM',
}

/**
 * Who owns the lead, its status through to revenue and its history (who, when, through what). The signed-in
 * user takes it, hands it back or sets its status here; each change is recorded as theirs, through the Studio.
 */
export function FollowThrough({
  detail,
  api,
  act,
}: {
  detail: LeadDetail
  api: LeadsApi
  act: (run: () => Promise<string>) => Promise<void>
}) {
  const user = useCurrentUser()
  const me = user?.email || user?.name || 'Studio user'
  const { lead, events = [] } = detail
  const current = lead.status ?? 'new'
  const [status, setStatus] = useState<LeadStatus>(current)
  const [value, setValue] = useState('')
  const [reason, setReason] = useState('')
  const [reasons, setReasons] = useState<string[]>([])
  useEffect(() => {
    api.lostReasons().then(setReasons, () => setReasons([]))
  }, [api])
  useEffect(() => setStatus(current), [current])

  const save = () =>
    act(async () => {
      const change: LeadStatusChange =
        status === 'won'
          ? { status, value: Number(value.replace(/[$,\s]/g, '')) }
          : status === 'lost'
            ? { status, reason }
            : { status }
      await api.setStatus(lead.id, change, me)
      return `Status set to ${LEAD_STATUS_TITLES[status]}.`
    })
  const take = () =>
    act(async () => {
      const answer = await api.take(lead.id, me)
      return answer.taken ? 'You took it: it is yours.' : `Already taken by ${answer.owner}.`
    })
  const handBack = () =>
    act(async () => {
      const answer = await api.handBack(lead.id, me)
      return answer.handedBack ? 'Handed back: nobody owns it now.' : 'Nobody owned it.'
    })

  return (
    <Stack space={3} data-testid="follow-through">
      <Flex gap={2} align="center" wrap="wrap">
        <Badge
          tone={current === 'won' ? 'positive' : current === 'lost' || current === 'not-a-fit' ? 'critical' : 'primary'}
        >
          {LEAD_STATUS_TITLES[current]}
          {current === 'won' && lead.won_value != null ? ` · $${lead.won_value.toLocaleString('en-US')}` : ''}
          {current === 'lost' && lead.lost_reason ? ` · ${lead.lost_reason}` : ''}
        </Badge>
        <Text size={1}>
          {lead.owner ? `Taken by ${lead.owner} at ${readableTime(lead.taken_at ?? '')}` : 'Nobody has taken it yet.'}
        </Text>
        {lead.owner ? (
          <Button mode="ghost" fontSize={1} text="Hand it back" onClick={handBack} />
        ) : (
          <Button tone="primary" fontSize={1} text="Take it" onClick={take} />
        )}
      </Flex>
      <Flex gap={2} wrap="wrap" align="flex-end">
        <Box style={{ minWidth: 160 }}>
          <Select
            aria-label="Status"
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as LeadStatus)}
          >
            {LEAD_STATUSES.map((option) => (
              <option key={option} value={option}>
                {LEAD_STATUS_TITLES[option]}
              </option>
            ))}
          </Select>
        </Box>
        {status === 'won' && (
          <Box style={{ minWidth: 140 }}>
            <TextInput
              aria-label="Value if won ($)"
              placeholder="Value ($)"
              inputMode="decimal"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
            />
          </Box>
        )}
        {status === 'lost' && (
          <Box style={{ minWidth: 200 }}>
            <Select
              aria-label="Reason if lost"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            >
              <option value="">Choose a reason</option>
              {reasons.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </Select>
          </Box>
        )}
        <Button text="Save the status" tone="primary" mode="ghost" onClick={save} />
      </Flex>
      <Card padding={3} radius={2} border>
        <Stack space={3} as="ol" data-testid="history" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {events.length === 0 && (
            <Text size={1} muted>
              No history yet: nobody has taken it or set its status.
            </Text>
          )}
          {events.map((event) => (
            <Text key={event.id} size={1} as="li">
              {readableTime(event.at)} · {eventWords(event)} by {event.by} through {VIA_WORDS[event.via] ?? event.via}
            </Text>
          ))}
        </Stack>
      </Card>
    </Stack>
  )
}

function eventWords(event: LeadEventJson): string {
  if (event.kind === 'taken') return 'Taken'
  if (event.kind === 'handed-back') return 'Handed back'
  const title = event.status ? LEAD_STATUS_TITLES[event.status] : ''
  const extra =
    event.value !== null ? ` ($${event.value.toLocaleString('en-US')})` : event.reason ? ` (${event.reason})` : ''
  return `Status ${title}${extra}`
}
