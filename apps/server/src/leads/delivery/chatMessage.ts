import { ANOTHER_MESSAGE_TITLE, FIRST_MESSAGE_LINK_TEXT, LEAD_FORM_TITLES } from '@site/leads/admin'
import { scoreText } from '@site/leads/routing'
import { slackText, teamsText } from './strangerText.ts'
import type { LeadView } from './teamEmail.tsx'

/**
 * A lead as a chat message: Slack's incoming-webhook JSON (text plus Block Kit blocks), or a Microsoft Teams
 * workflow's message with an Adaptive Card. Both name the lead, its deciding answers and contact, and link
 * to it in the Studio; another message from a person who wrote before says so, with a button to their first.
 */
export function chatBody(format: 'slack' | 'teams', view: LeadView, hot: boolean): Record<string, unknown> {
  const heading = (name: string) => `${hot ? 'Hot lead' : 'New lead'}: ${name} (${LEAD_FORM_TITLES[view.form]})`
  const title = heading(view.name)
  // Values only: the titles are ours.
  const facts = [
    ...(view.score ? [{ title: 'Score', value: teamsText(scoreText(view.score)) }] : []),
    ...view.deciding.map((value) => ({ title: 'Answer', value: teamsText(value) })),
    ...(view.email ? [{ title: 'Email', value: teamsText(view.email) }] : []),
    ...(view.phone ? [{ title: 'Phone', value: teamsText(view.phone) }] : []),
  ]
  if (format === 'slack') {
    const lines = [
      view.score ? scoreText(view.score) : '',
      view.deciding.join(' · '),
      [view.email, view.phone].filter(Boolean).join(' · '),
    ].filter(Boolean)
    const another = view.firstLink ? `_${slackText(ANOTHER_MESSAGE_TITLE)}_\n` : ''
    return {
      text: slackText(view.firstLink ? `${title} · ${ANOTHER_MESSAGE_TITLE}` : title),
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: `*${slackText(title)}*\n${another}${slackText(lines.join('\n'))}` },
        },
        {
          type: 'actions',
          elements: [
            ...(view.takeLink
              ? [
                  {
                    type: 'button',
                    text: { type: 'plain_text', text: 'Take this lead' },
                    url: view.takeLink,
                    style: 'primary',
                  },
                ]
              : []),
            { type: 'button', text: { type: 'plain_text', text: 'Open the lead' }, url: view.link },
            ...(view.firstLink
              ? [{ type: 'button', text: { type: 'plain_text', text: FIRST_MESSAGE_LINK_TEXT }, url: view.firstLink }]
              : []),
          ],
        },
      ],
    }
  }
  return teamsCard(
    [
      // Only the visitor's name is a stranger's text: our own words around it stay as written.
      { type: 'TextBlock', text: heading(teamsText(view.name)), weight: 'Bolder', size: 'Medium', wrap: true },
      ...(view.firstLink
        ? [
            {
              type: 'TextBlock',
              text: teamsText(ANOTHER_MESSAGE_TITLE),
              weight: 'Bolder',
              color: 'Accent',
              wrap: true,
            },
          ]
        : []),
      { type: 'FactSet', facts },
    ],
    [
      ...(view.takeLink ? [{ type: 'Action.OpenUrl', title: 'Take this lead', url: view.takeLink }] : []),
      { type: 'Action.OpenUrl', title: 'Open the lead', url: view.link },
      ...(view.firstLink ? [{ type: 'Action.OpenUrl', title: FIRST_MESSAGE_LINK_TEXT, url: view.firstLink }] : []),
    ],
  )
}

/** A Microsoft Teams workflow's message: one Adaptive Card with these blocks and buttons. */
export function teamsCard(body: object[], actions: object[]): Record<string, unknown> {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions,
        },
      },
    ],
  }
}
