import { Box, Card, Flex, Heading, Tab, TabList, TabPanel } from '@sanity/ui'
import { useState } from 'react'
import { LeadsBrowser } from './LeadsBrowser'
import { ReviewQueue } from './ReviewQueue'
import { useLeadsApi } from './useLeads'

const VIEWS = [
  ['all', 'All leads'],
  ['quarantined', 'Quarantined'],
] as const
type View = (typeof VIEWS)[number][0]

/**
 * The Leads tool: every submission the lead server stored, newest first, each read like the team's
 * notification (labelled answers, attribution, consent, who was told and when), with replay, a CSV export of
 * the filtered list, and the review queue of held submissions. It asks the lead server
 * (SANITY_STUDIO_LEADS_URL) with the signed-in user's own Sanity token, which the server checks.
 */
export function LeadsTool({ serverUrl }: { serverUrl: string }) {
  const api = useLeadsApi(serverUrl)
  const [view, setView] = useState<View>('all')
  return (
    <Flex direction="column" height="fill" data-testid="leads-tool">
      <Card paddingX={[3, 3, 4]} paddingY={3} borderBottom>
        <Flex align="center" gap={3} wrap="wrap">
          <Box flex={1}>
            <Heading as="h1" size={2}>
              Leads
            </Heading>
          </Box>
          <TabList space={1}>
            {VIEWS.map(([id, title]) => (
              <Tab
                key={id}
                id={`leads-tab-${id}`}
                aria-controls={`leads-panel-${id}`}
                label={title}
                selected={view === id}
                onClick={() => setView(id)}
              />
            ))}
          </TabList>
        </Flex>
      </Card>
      <TabPanel
        id={`leads-panel-${view}`}
        aria-labelledby={`leads-tab-${view}`}
        flex={1}
        overflow="auto"
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        {view === 'all' ? <LeadsBrowser api={api} /> : <ReviewQueue api={api} />}
      </TabPanel>
    </Flex>
  )
}
