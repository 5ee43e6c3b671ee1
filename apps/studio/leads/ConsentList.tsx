import { Card, Stack, Text } from '@sanity/ui'
import { readableTime } from './leadFormat'
import type { LeadDetail } from './leadsApi'

/** The consent each lead gave or the disclosure it was shown: the copy as the visitor saw it, and its source. */
export function ConsentList({ consents }: { consents: LeadDetail['consents'] }) {
  if (consents.length === 0)
    return (
      <Text size={1} muted>
        No consent record.
      </Text>
    )
  return (
    <Stack space={3}>
      {consents.map((consent) => (
        <Card key={consent.id} padding={3} radius={2} border tone="transparent" data-testid="consent">
          <Stack space={3}>
            <Text size={1}>
              “{consent.text}” ({consent.kind}
              {consent.checked === null ? '' : consent.checked ? ', ticked' : ', not ticked'})
            </Text>
            <Text size={1} muted>
              From {consent.document_id} at revision {consent.document_rev} ({consent.field})
            </Text>
            <Text size={1} muted style={{ overflowWrap: 'anywhere' }}>
              {readableTime(consent.recorded_at)} · {consent.page_url ?? '—'} · {consent.ip_address ?? '—'}
            </Text>
            <Text size={0} muted style={{ overflowWrap: 'anywhere' }}>
              {consent.user_agent ?? 'No browser recorded'}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  )
}
