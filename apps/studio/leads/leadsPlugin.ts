import { createElement } from 'react'
import { definePlugin } from 'sanity'
import { route } from 'sanity/router'
import { LeadsTool } from './LeadsTool'

/** The Studio's "Leads" tool, reading the lead server at `serverUrl` (no secret: the user's own session is sent). */
export const leadsTool = definePlugin<{ serverUrl: string }>(({ serverUrl }) => ({
  name: 'leads',
  tools: [
    {
      name: 'leads',
      title: 'Leads',
      component: () => createElement(LeadsTool, { serverUrl }),
      // /leads/<id> opens one lead: the link in the team's e-mail and chat message.
      router: route.create('/', [route.create('/:leadId')]),
    },
  ],
}))
