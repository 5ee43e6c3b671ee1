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

/** "Delivered Nov 26, 10:52 AM (2 minutes ago) after 1 attempt", "Next try in 30 seconds, 2 attempts so far". */
function outcome(delivery: LeadDeliveryJson): string {
  const tries = attemptsText(delivery.attempts)
  if (delivery.state === 'delivered') {
    return `Delivered ${readableTime(delivery.delivered_at)} (${relativeTime(delivery.delivered_at)}), after ${tries}`
  }
  if (delivery.state === 'pending') {
    return delivery.attempts === 0
      ? 'Queued, not tried yet'
      : `Next try ${relativeTime(delivery.next_attempt_at)}, ${tries} so far`
  }
  if (delivery.state === 'misconfigured') {
    return `Stopped after ${tries}: the receiver refused it (${delivery.last_status ?? 'no status'}); check its address, then replay`
  }
  if (delivery.state === 'not-sent') {
    return 'Not sent: no mail server is configured (SMTP_URL). Below is the e-mail it would have sent.'
  }
  return `Gave up after ${tries} in the retry window; replay when the receiver is back`
}
