import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Flex,
  Grid,
  Heading,
  Label,
  Select,
  Spinner,
  Stack,
  Text,
  TextInput,
} from '@sanity/ui'
import { LEAD_FORM_TITLES, type LeadListState } from '@site/leads/admin'
import { LEAD_FORMS } from '@site/leads/forms'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { useClient } from 'sanity'
import { type LeadDetail, type LeadFilters, type LeadSummary, LeadsApiError, leadsApi } from './leadsApi'

const FORMS = [['', 'All forms'], ...LEAD_FORMS.map((form) => [form, LEAD_FORM_TITLES[form]] as const)] as const

const STATE_TITLES: Record<Exclude<LeadListState, 'pending'>, string> = {
  delivered: 'Delivered',
  retrying: 'Retrying',
  dead: 'Dead-lettered',
  misconfigured: 'Webhook misconfigured',
  quarantined: 'Quarantined',
  repeat: 'Repeat',
  undelivered: 'No webhook',
}
const STATES = [['', 'Any state'], ...Object.entries(STATE_TITLES)] as const

const TONES: Record<string, 'positive' | 'caution' | 'critical' | 'default'> = {
  delivered: 'positive',
  pending: 'caution',
  dead: 'critical',
  misconfigured: 'critical',
  quarantined: 'caution',
}

const EMPTY: LeadFilters = { form: '', state: '', from: '', to: '', q: '' }

function stateLabel(lead: Pick<LeadSummary, 'state' | 'attempts'>): string {
  if (lead.state === 'pending') return lead.attempts > 0 ? 'retrying' : 'queued'
  if (lead.state === 'dead') return 'dead-lettered'
  return lead.state
}

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—')

/**
 * The Leads tool: every submission the lead server stored, newest first, with its payload, attribution,
 * consent and delivery attempts; replay, release and a CSV export of the filtered list. It asks the lead
 * server (SANITY_STUDIO_LEADS_URL) with the signed-in user's own Sanity token, which the server checks.
 */
export function LeadsTool({ serverUrl }: { serverUrl: string }) {
  const client = useClient({ apiVersion: '2025-02-19' })
  const api = useMemo(() => leadsApi(serverUrl, client.config().token), [serverUrl, client])
  const [filters, setFilters] = useState<LeadFilters>(EMPTY)
  const [query, setQuery] = useState<LeadFilters>(EMPTY)
  const [leads, setLeads] = useState<LeadSummary[]>([])
  const [more, setMore] = useState(false)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string>()
  const [selected, setSelected] = useState<string>()

  const load = useCallback(
    async (after?: LeadSummary) => {
      setLoading(true)
      setError(undefined)
      try {
        const page = await api.list(query, after)
        setLeads((earlier) => (after ? [...earlier, ...page] : page))
        setMore(page.length === 50)
      } catch (failure) {
        setLeads([])
        setError(describe(failure))
      } finally {
        setLoading(false)
      }
    },
    [api, query],
  )

  useEffect(() => {
    void load()
  }, [load])

  const exportCsv = async () => {
    try {
      const blob = await api.exportCsv(query)
      const link = document.createElement('a')
      link.href = URL.createObjectURL(blob)
      link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`
      link.click()
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
    } catch (failure) {
      setError(describe(failure))
    }
  }

  const set = (key: keyof LeadFilters) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value
    setFilters((current) => ({ ...current, [key]: value }))
  }

  return (
    <Flex height="fill" data-testid="leads-tool">
      <Card flex={2} padding={4} overflow="auto" borderRight>
        <Stack space={4}>
          <Heading as="h1" size={2}>
            Leads
          </Heading>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              setQuery(filters)
            }}
          >
            <Grid columns={[1, 2, 3]} gap={2}>
              <TextInput
                aria-label="Search name, e-mail or company"
                placeholder="Search name, e-mail or company"
                value={filters.q}
                onChange={set('q')}
              />
              <Select aria-label="Form" value={filters.form} onChange={set('form')}>
                {FORMS.map(([value, title]) => (
                  <option key={value} value={value}>
                    {title}
                  </option>
                ))}
              </Select>
              <Select aria-label="Delivery state" value={filters.state} onChange={set('state')}>
                {STATES.map(([value, title]) => (
                  <option key={value} value={value}>
                    {title}
                  </option>
                ))}
              </Select>
              <TextInput aria-label="Received from" type="date" value={filters.from} onChange={set('from')} />
              <TextInput aria-label="Received until" type="date" value={filters.to} onChange={set('to')} />
              <Flex gap={2}>
                <Button type="submit" text="Apply" tone="primary" />
                <Button type="button" text="Export CSV" mode="ghost" onClick={exportCsv} />
              </Flex>
            </Grid>
          </form>
          {error && (
            <Card padding={3} tone="critical" radius={2} role="alert">
              <Text>{error}</Text>
            </Card>
          )}
          {!error && (
            <Stack space={1} as="ul" aria-label="Leads" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {leads.map((lead) => (
                <Card
                  as="li"
                  key={lead.id}
                  padding={3}
                  radius={2}
                  tone={lead.id === selected ? 'primary' : 'default'}
                  border
                >
                  <Flex align="center" gap={3}>
                    <Box flex={1}>
                      <Stack space={2}>
                        <Text weight="semibold">
                          <button
                            type="button"
                            onClick={() => setSelected(lead.id)}
                            style={{ all: 'unset', cursor: 'pointer' }}
                          >
                            {lead.name || '(no name)'} · {lead.email || '(no e-mail)'}
                          </button>
                        </Text>
                        <Text size={1} muted>
                          {lead.form} · {lead.company || '—'} · {when(lead.receivedAt)}
                        </Text>
                      </Stack>
                    </Box>
                    <Badge tone={TONES[lead.state] ?? 'default'}>{stateLabel(lead)}</Badge>
                  </Flex>
                </Card>
              ))}
              {!loading && leads.length === 0 && <Text muted>No lead matches.</Text>}
            </Stack>
          )}
          {loading && <Spinner />}
          {more && !loading && <Button text="Load more" mode="ghost" onClick={() => load(leads.at(-1))} />}
        </Stack>
      </Card>
      <Card flex={3} padding={4} overflow="auto">
        {selected ? (
          <LeadPanel key={selected} id={selected} api={api} onChanged={() => load()} />
        ) : (
          <Text muted>Choose a lead to see its payload, attribution, consent and deliveries.</Text>
        )}
      </Card>
    </Flex>
  )
}

function LeadPanel({ id, api, onChanged }: { id: string; api: ReturnType<typeof leadsApi>; onChanged: () => void }) {
  const [detail, setDetail] = useState<LeadDetail>()
  const [message, setMessage] = useState<string>()
  const refresh = useCallback(
    () =>
      api.detail(id).then(setDetail, (failure: unknown) => {
        setMessage(describe(failure))
      }),
    [api, id],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])

  if (!detail) return message ? <Text>{message}</Text> : <Spinner />
  const { lead, consents, delivery, attempts } = detail
  const act = async (action: 'replay' | 'release') => {
    try {
      const result = await api.act(id, action)
      setMessage(result.replayed ? 'Sent again: it is due now.' : `Not sent: ${result.reason}`)
      await refresh()
      onChanged()
    } catch (failure) {
      setMessage(describe(failure))
    }
  }
  const canReplay = delivery?.state === 'dead' || delivery?.state === 'misconfigured'
  return (
    <Stack space={5} data-testid="lead-detail">
      <Flex align="center" gap={3}>
        <Box flex={1}>
          <Heading as="h2" size={1}>
            {lead.form} lead of {when(lead.received_at)}
          </Heading>
        </Box>
        {canReplay && <Button text="Replay" tone="primary" onClick={() => act('replay')} />}
        {lead.quarantine_reason && <Button text="Release" tone="caution" onClick={() => act('release')} />}
      </Flex>
      {message && (
        <Card padding={3} radius={2} tone="transparent" role="status">
          <Text>{message}</Text>
        </Card>
      )}
      {lead.quarantine_reason && <Text>Quarantined: {lead.quarantine_reason}</Text>}
      <Section title="Payload (as the webhook receives it)">
        <Code size={1} language="json">
          {JSON.stringify(lead.payload, null, 2)}
        </Code>
      </Section>
      <Section title="Attribution">
        {lead.attribution ? <Attribution attribution={lead.attribution} /> : <Text muted>None was sent.</Text>}
      </Section>
      <Section title="Consent">
        {consents.length === 0 && <Text muted>No consent record.</Text>}
        {consents.map((consent) => (
          <Stack space={2} key={consent.id} data-testid="consent">
            <Text>
              “{consent.text}” ({consent.kind}
              {consent.checked === null ? '' : consent.checked ? ', ticked' : ', not ticked'})
            </Text>
            <Text size={1} muted>
              From {consent.document_id} at revision {consent.document_rev} ({consent.field})
            </Text>
            <Text size={1} muted>
              {when(consent.recorded_at)} · {consent.page_url ?? '—'} · {consent.ip_address ?? '—'} ·{' '}
              {consent.user_agent ?? '—'}
            </Text>
          </Stack>
        ))}
      </Section>
      <Section title="Delivery">
        {!delivery && <Text muted>{lead.quarantine_reason ? 'Held back.' : 'No webhook is configured.'}</Text>}
        {delivery && (
          <Text>
            {delivery.state === 'pending' ? 'retrying' : delivery.state}, {delivery.attempts} attempt(s)
            {delivery.delivered_at ? `, delivered ${when(delivery.delivered_at)}` : ''}
          </Text>
        )}
        {attempts.map((attempt) => (
          <Text size={1} key={attempt.attempt}>
            #{attempt.attempt} {when(attempt.startedAt)} → {attempt.status ?? attempt.error ?? 'no answer'}
            {attempt.nextAttemptAt ? ` · next try ${when(attempt.nextAttemptAt)}` : ''}
          </Text>
        ))}
      </Section>
    </Stack>
  )
}

function Attribution({ attribution }: { attribution: Record<string, unknown> }) {
  const touches = ['firstTouch', 'lastTouch'] as const
  return (
    <Stack space={3}>
      <Text size={1}>Form page: {String(attribution.page ?? '—')}</Text>
      {touches.map((name) => {
        const touch = (attribution[name] ?? {}) as Record<string, string>
        return (
          <Stack space={2} key={name} data-testid={name}>
            <Label size={1}>{name === 'firstTouch' ? 'First touch (landing)' : 'Last touch'}</Label>
            {Object.entries(touch).map(([key, value]) => (
              <Text size={1} key={key}>
                {key}: {value}
              </Text>
            ))}
          </Stack>
        )
      })}
    </Stack>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack space={3}>
      <Label>{title}</Label>
      {children}
    </Stack>
  )
}

function describe(failure: unknown): string {
  // 401: Sanity knows no such session (signed out, expired, another project's). A role that may not read
  // leads (403) and Sanity not answering (503) come with the server's own words.
  if (failure instanceof LeadsApiError && failure.status === 401) {
    return 'The lead server could not confirm your Studio session: sign out and in again, or ask a project administrator for access to leads.'
  }
  if (failure instanceof LeadsApiError) return failure.message
  return 'The lead server cannot be reached.'
}
