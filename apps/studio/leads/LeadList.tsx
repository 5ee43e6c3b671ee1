import { Badge, Box, Card, Flex, Stack, Text } from '@sanity/ui'
import { LEAD_FORM_TITLES } from '@site/leads/admin'
import { leadBadges, readableTime, relativeTime } from './leadFormat'
import type { LeadSummary } from './leadsApi'

/**
 * The leads, newest first, each as a notification's first line would say it: form, name and company,
 * e-mail, when, and where it stands: held, or who heard of it by delivery kind (its badges).
 */
export function LeadList({
  leads,
  selected,
  onSelect,
  label = 'Leads',
}: {
  leads: LeadSummary[]
  selected?: string
  onSelect: (id: string) => void
  label?: string
}) {
  return (
    <Stack space={2} as="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {leads.map((lead) => (
        <li key={lead.id}>
          <LeadRow lead={lead} selected={lead.id === selected} onSelect={() => onSelect(lead.id)} />
        </li>
      ))}
    </Stack>
  )
}

function LeadRow({ lead, selected, onSelect }: { lead: LeadSummary; selected: boolean; onSelect: () => void }) {
  const badges = leadBadges(lead)
  const who = [lead.name || 'No name given', lead.company].filter(Boolean).join(' · ')
  return (
    <Card
      as="button"
      type="button"
      padding={3}
      radius={2}
      border
      selected={selected}
      aria-current={selected || undefined}
      onClick={onSelect}
      style={{ width: '100%', textAlign: 'left' }}
    >
      <Stack space={3}>
        <Flex align="center" gap={2}>
          <Box flex={1}>
            <Text size={1} muted>
              {LEAD_FORM_TITLES[lead.form] ?? lead.form} ·{' '}
              <time dateTime={lead.receivedAt}>{relativeTime(lead.receivedAt)}</time>
            </Text>
          </Box>
        </Flex>
        <Text weight="semibold" textOverflow="ellipsis">
          {who}
        </Text>
        <Text size={1} muted textOverflow="ellipsis">
          {lead.email || 'No e-mail given'}
        </Text>
        <Flex gap={2} wrap="wrap" aria-label="State">
          {badges.map((badge) => (
            <Badge key={badge.title} tone={badge.tone}>
              {badge.title}
            </Badge>
          ))}
        </Flex>
        {lead.quarantineReason && (
          <Text size={1} textOverflow="ellipsis">
            Held: {lead.quarantineReason}
          </Text>
        )}
        <Text size={0} muted>
          {readableTime(lead.receivedAt)}
        </Text>
      </Stack>
    </Card>
  )
}
