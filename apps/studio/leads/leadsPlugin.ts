import { createElement } from 'react'
import { definePlugin } from 'sanity'
import { LeadsTool } from './LeadsTool'

/** The Studio's "Leads" tool, reading the lead server at `serverUrl` (no secret: the user's own session is sent). */
export const leadsTool = definePlugin<{ serverUrl: string }>(({ serverUrl }) => ({
  name: 'leads',
  tools: [{ name: 'leads', title: 'Leads', component: () => createElement(LeadsTool, { serverUrl }) }],
}))
