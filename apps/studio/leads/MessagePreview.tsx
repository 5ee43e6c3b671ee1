import { Box, Button, Card, Code, Stack, Text } from '@sanity/ui'
import type { DeliveryMessageJson } from '@site/leads/admin'
import { useState } from 'react'

/**
 * What a notification said, as it was sent (or, with no mail server, would have been): the e-mail's
 * headers and, on demand, its HTML in a sandboxed frame (no script, no same-origin access) and its text;
 * a chat post's JSON as posted.
 */
export function MessagePreview({ message }: { message: DeliveryMessageJson }) {
  const [open, setOpen] = useState(false)
  const { email, chat } = message
  if (!email && !chat) return null
  return (
    <Stack space={2}>
      {email && (
        <Stack space={2}>
          <Text size={1}>To: {email.to.join(', ')}</Text>
          {email.replyTo && <Text size={1}>Reply-To: {email.replyTo}</Text>}
          <Text size={1} weight="semibold">
            Subject: {email.subject}
          </Text>
        </Stack>
      )}
      <Box>
        <Button
          mode="ghost"
          fontSize={1}
          padding={2}
          text={open ? 'Hide the message' : email ? 'Show the e-mail' : 'Show the chat message'}
          onClick={() => setOpen(!open)}
        />
      </Box>
      {open && email && (
        <Stack space={2}>
          <Card radius={2} border overflow="hidden">
            <iframe
              title={`E-mail: ${email.subject}`}
              srcDoc={email.html}
              sandbox=""
              style={{ border: 0, width: '100%', height: 480, background: 'white' }}
            />
          </Card>
          <Card padding={3} radius={2} tone="transparent" border>
            <Text size={1} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {email.text}
            </Text>
          </Card>
        </Stack>
      )}
      {open && chat && (
        <Card padding={3} radius={2} tone="transparent" border overflow="auto">
          <Code size={1}>{JSON.stringify(chat.body, null, 2)}</Code>
        </Card>
      )}
    </Stack>
  )
}
