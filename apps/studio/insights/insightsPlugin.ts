import { createElement } from 'react'
import { definePlugin } from 'sanity'
import { InsightsTool } from './InsightsTool'

/** The Studio's "Insights" tool, reading the lead server at `serverUrl` with the user's own session, as Leads does. */
export const insightsTool = definePlugin<{ serverUrl: string }>(({ serverUrl }) => ({
  name: 'insights',
  tools: [{ name: 'insights', title: 'Insights', component: () => createElement(InsightsTool, { serverUrl }) }],
}))
