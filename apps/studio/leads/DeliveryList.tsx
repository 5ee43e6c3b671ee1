import { Badge, Box, Card, Flex, Stack, Text } from '@sanity/ui'
import { destinationTitle, type LeadDeliveryJson } from '@site/leads/admin'
import { attemptsText, attemptTime, deliveryStateBadge, readableTime, relativeTime } from './leadFormat'
import { MessagePreview } from './MessagePreview'

/** Who was told of the lead, and when: each delivery (the webhook, each notification) with every attempt. */
export function DeliveryList({ deliveries, held }: { deliveries: LeadDeliveryJson[]; held: boolean }) {
  if (deliveries.length === 0) {
    return (
      <Text size={1} muted>
        {held
          ? 'Nobody was told: the lead is held back.'
          : 'Nobody was told: no webhook or notification is configured for this form.'}
      </Text>
    )
  }
  return (
    <Stack space={3} data-testid="deliveries">
      {deliveries.map((delivery) => (
        <DeliveryCard key={delivery.id} delivery={delivery} />
      ))}
    </Stack>
  )
}

function DeliveryCard({ delivery }: { delivery: LeadDeliveryJson }) {
  const badge = deliveryStateBadge(delivery)
  return (
    <Card padding={3} radius={2} border data-testid="delivery">
      <Stack space={3}>
        <Flex align="center" gap={2}>
          <Box flex={1}>
            <Text weight="semibold">{destinationTitle(delivery.destination)}</Text>
          </Box>
          <Badge tone={badge.tone}>{badge.title}</Badge>
        </Flex>
        <Text size={1} muted>
          {outcome(delivery)}
        </Text>
        {delivery.last_error && (
          <Text size={1} style={{ overflowWrap: 'anywhere' }}>
            Last error: {delivery.last_error}
          </Text>
        )}
        {delivery.message && <MessagePreview message={delivery.message} />}
        {delivery.attempts_log.length > 0 && (
          <Stack space={2}>
            {delivery.attempts_log.map((attempt) => (
              <Text size={1} key={attempt.attempt} muted>
                #{attempt.attempt} {attemptTime(attempt.startedAt)} →{' '}
                {attempt.status !== null
                  ? `answered ${attempt.status}`
                  : attempt.error
                    ? `failed: ${attempt.error}`
                    : attempt.finishedAt
                      ? 'no answer'
                      : 'sending'}
                {attempt.nextAttemptAt ? ` · next try ${attemptTime(attempt.nextAttemptAt)}` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}

/** A due notification no process has claimed for this long waits for a lead server with its settings. */
const WAITING_AFTER_MS = 60_000

/** The settings a lead server needs to send a notification: only a process that has them claims it. */
function waitingFor(destination: string): string | undefined {
  if (destination.startsWith('email:') || destination.startsWith('digest:')) return 'a mail server (SMTP_URL)'
  if (destination.startsWith('chat:')) return `the ${destination.slice(5)} channel in LEAD_CHAT_WEBHOOKS`
  return undefined
}

/** "Delivered Nov 26, 10:52 AM (2 minutes ago) after 1 attempt", "Next try in 30 seconds, 2 attempts so far". */
function outcome(delivery: LeadDeliveryJson): string {
  const tries = attemptsText(delivery.attempts)
  if (delivery.state === 'delivered') {
    return `Delivered ${readableTime(delivery.delivered_at)} (${relativeTime(delivery.delivered_at)}), after ${tries}`
  }
  if (delivery.state === 'pending') {
    if (delivery.attempts > 0) return `Next try ${relativeTime(delivery.next_attempt_at)}, ${tries} so far`
    const waiting = waitingFor(delivery.destination)
    return waiting && Date.now() - Date.parse(delivery.next_attempt_at) > WAITING_AFTER_MS
      ? `Waiting since ${relativeTime(delivery.next_attempt_at)}: no lead server running has ${waiting} (\`pnpm leads health\` shows what each has)`
      : 'Queued, not tried yet'
  }
  if (delivery.state === 'misconfigured') {
    return `Stopped after ${tries}: the receiver refused it (${delivery.last_status ?? 'no status'}); check its address, then replay`
  }
  if (delivery.state === 'not-sent') {
    return 'Not sent: no mail server is configured (SMTP_URL). Below is the e-mail it would have sent.'
  }
  return `Gave up after ${tries} in the retry window; replay when the receiver is back`
}
