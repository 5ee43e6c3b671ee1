import { Box, Button, Card, Code, Flex, Heading, Spinner, Stack, Text } from '@sanity/ui'
import {
  ANOTHER_MESSAGE_TITLE,
  FIRST_MESSAGE_LINK_TEXT,
  LEAD_FORM_TITLES,
  leadWebhookDelivery,
  releaseText,
  replayText,
} from '@site/leads/admin'
import { leadName } from '@site/leads/labels'
import { scoreText } from '@site/leads/routing'
import { type ReactNode, useState } from 'react'
import { StateLink } from 'sanity/router'
import { AnswerList } from './AnswerList'
import { AttributionList } from './AttributionList'
import { ConsentList } from './ConsentList'
import { DeliveryList } from './DeliveryList'
import { FollowThrough } from './FollowThrough'
import { readableTime, relativeTime } from './leadFormat'
import { describeFailure, type LeadDetail, type LeadsApi } from './leadsApi'
import { useLeadDetail } from './useLeads'

/**
 * One lead, read like the team's notification: who, what they answered (labelled), where they came from,
 * what they consented to, and who was told when. Replay (a webhook that gave up), Not spam (a held lead) and
 * Spam (a lead that was let through) act on it.
 */
export function LeadDetailPanel({ id, api, onChanged }: { id: string; api: LeadsApi; onChanged: () => void }) {
  const { detail, error, refresh } = useLeadDetail(api, id)
  const [message, setMessage] = useState<string>()
  if (!detail) return error ? <Text>{error}</Text> : <Spinner muted />

  const act = async (run: () => Promise<string>) => {
    try {
      setMessage(await run())
      await refresh()
      onChanged()
    } catch (failure) {
      setMessage(describeFailure(failure))
    }
  }
  const replay = () =>
    act(async () => {
      return replayText(await api.replay(id))
    })
  const release = () =>
    act(async () => {
      return releaseText(await api.release(id))
    })
  const markSpam = () =>
    act(async () => {
      const result = await api.markSpam(id)
      return result.markedSpam ? 'Marked as spam.' : `Not marked: ${result.reason}`
    })

  const { lead } = detail
  const webhook = leadWebhookDelivery(detail)
  const held = Boolean(lead.quarantine_reason)
  const canReplay = webhook?.state === 'dead' || webhook?.state === 'misconfigured'
  const name = leadName(lead.payload)
  const email = typeof lead.payload.email === 'string' ? lead.payload.email : ''
  return (
    <Stack space={5} data-testid="lead-detail">
      <Stack space={3}>
        <Text size={1} muted>
          {LEAD_FORM_TITLES[lead.form] ?? lead.form} form
        </Text>
        <Heading as="h2" size={2} style={{ overflowWrap: 'anywhere' }}>
          {name || email || 'No name given'}
        </Heading>
        <Text size={1} muted>
          Received <time dateTime={lead.received_at}>{readableTime(lead.received_at)}</time> (
          {relativeTime(lead.received_at)})
        </Text>
        <Flex gap={2} wrap="wrap">
          {email && <Button as="a" href={`mailto:${email}`} text="Reply by e-mail" mode="ghost" />}
          {canReplay && <Button text="Replay" tone="primary" onClick={replay} />}
          {held && <Button text="Not spam" tone="positive" onClick={release} />}
          {!held && <Button text="Spam" tone="critical" mode="ghost" onClick={markSpam} />}
        </Flex>
      </Stack>
      {message && (
        <Card padding={3} radius={2} tone="primary" role="status">
          <Text size={1}>{message}</Text>
        </Card>
      )}
      {lead.first_lead && !lead.repeat_of && (
        <Card padding={3} radius={2} tone="primary" border data-testid="another-message">
          <Text size={1}>
            <strong>{ANOTHER_MESSAGE_TITLE}.</strong>{' '}
            <StateLink state={{ leadId: lead.first_lead }}>{FIRST_MESSAGE_LINK_TEXT}</StateLink>
          </Text>
        </Card>
      )}
      {lead.repeat_of && !held && (
        <Card padding={3} radius={2} tone="caution" border>
          <Text size={1}>
            A repeat: the same answers as an earlier lead, stored and told to nobody.{' '}
            <StateLink state={{ leadId: lead.repeat_of }}>Open the lead it repeats</StateLink>
          </Text>
        </Card>
      )}
      {held && (
        <Card padding={3} radius={2} tone="caution" border>
          <Text size={1}>Held back, not delivered: {lead.quarantine_reason}</Text>
        </Card>
      )}
      {lead.notify?.score && (
        <Card padding={3} radius={2} tone="primary" border data-testid="lead-score">
          <Text size={1}>{scoreText(lead.notify.score)}</Text>
        </Card>
      )}
      {!held && (
        <Section title="Owner, status and history">
          <FollowThrough detail={detail} api={api} act={act} />
        </Section>
      )}
      <Section title="Answers">
        <AnswerList form={lead.form} payload={lead.payload} />
      </Section>
      <Section title="Who was told">
        <DeliveryList deliveries={deliveriesOf(detail)} held={held} />
      </Section>
      <Section title="Where they came from">
        <AttributionList attribution={lead.attribution} />
      </Section>
      <Section title="Consent">
        <ConsentList consents={detail.consents} />
      </Section>
      <RawPayload payload={lead.payload} />
    </Stack>
  )
}

/** The payload exactly as the form's webhook receives it, on request. */
function RawPayload({ payload }: { payload: Record<string, unknown> }) {
  const [open, setOpen] = useState(false)
  return (
    <Stack space={3}>
      <Box>
        <Button
          mode="bleed"
          fontSize={1}
          text={open ? 'Hide the payload' : 'Show the payload as the webhook receives it'}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        />
      </Box>
      {open && (
        <Card padding={3} radius={2} tone="transparent" border overflow="auto">
          <Code size={1} language="json">
            {JSON.stringify(payload, null, 2)}
          </Code>
        </Card>
      )}
    </Stack>
  )
}

/** A server from before notifications sends only its one delivery and its attempts. */
function deliveriesOf(detail: LeadDetail) {
  if (Array.isArray(detail.deliveries)) return detail.deliveries
  return detail.delivery ? [{ ...detail.delivery, attempts_log: detail.attempts }] : []
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack space={3} as="section">
      <Heading as="h3" size={0} muted>
        {title}
      </Heading>
      {children}
    </Stack>
  )
}
