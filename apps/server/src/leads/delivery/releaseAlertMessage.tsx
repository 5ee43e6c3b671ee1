/** @jsxRuntime automatic */
/** @jsxImportSource react */
// tsx compiles this with esbuild, which reads no tsconfig here: the pragmas ask for the automatic JSX runtime.
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { render } from '@react-email/render'
import { Text } from '@react-email/text'
import type { DeliveryMessageJson } from '@site/leads/admin'
import { teamsCard } from './chatMessage.ts'
import type { NotifyConfig } from './notifyConfig.ts'
import { slackText, teamsText } from './strangerText.ts'
import { oneLine, styles } from './teamEmail.tsx'
import { teamTime } from './teamTime.ts'

/** A release that did not go live at its time, as the Studio's Releases tool shows it (`error.message`). */
export interface FailedRelease {
  /** Without the `_.releases.` prefix, as the Studio's address names it. */
  releaseId: string
  title: string
  /** Why, as the scheduler (the lake's, or Sanity's) put it on the release. */
  message: string
  /** When it was meant to go live (`metadata.intendedPublishAt`), if the release says. */
  intendedAt: Date | undefined
}

export const releaseAlertSubject = (release: FailedRelease) =>
  oneLine(`Not published: the release "${release.title}" did not go live`)

const releaseLink = (release: FailedRelease, studioUrl: string) =>
  `${studioUrl}/releases/${encodeURIComponent(release.releaseId)}`

const WHAT_NOW =
  'Nothing of it is live: the site is as it was. Open the release, fix what the reason names, and schedule or publish it again.'

function ReleaseAlertEmail({ release, link, timeZone }: { release: FailedRelease; link: string; timeZone: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{releaseAlertSubject(release)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 4px' }}>
            Not published: {release.title}
          </Heading>
          {release.intendedAt ? (
            <Text style={{ ...styles.label, margin: 0 }}>Scheduled for {teamTime(release.intendedAt, timeZone)}</Text>
          ) : null}
          <Text style={{ ...styles.notice, backgroundColor: '#fef2f2', borderLeft: '4px solid #b91c1c' }}>
            {release.message}
          </Text>
          <Text style={{ fontSize: '15px' }}>{WHAT_NOW}</Text>
          <Hr />
          <Link href={link} style={styles.button}>
            Open the release in the Studio
          </Link>
        </Container>
      </Body>
    </Html>
  )
}

/** The team's e-mail of a failed release, rendered as it is queued: its `Message-ID` is the delivery's. */
export async function releaseAlertEmail(
  release: FailedRelease,
  to: string[],
  config: Pick<NotifyConfig, 'from' | 'studioUrl' | 'teamTimeZone'>,
  messageId: string,
): Promise<DeliveryMessageJson> {
  const element = (
    <ReleaseAlertEmail release={release} link={releaseLink(release, config.studioUrl)} timeZone={config.teamTimeZone} />
  )
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return {
    kind: 'notice',
    to,
    email: { messageId, from: config.from, to, subject: releaseAlertSubject(release), text, html },
  }
}

/** The same as a chat post: Slack's incoming-webhook JSON, or a Teams workflow's Adaptive Card. */
export function releaseAlertChat(
  release: FailedRelease,
  channel: string,
  format: 'slack' | 'teams',
  studioUrl: string,
): DeliveryMessageJson {
  const link = releaseLink(release, studioUrl)
  const title = releaseAlertSubject(release)
  const body =
    format === 'slack'
      ? {
          text: slackText(title),
          blocks: [
            {
              type: 'section',
              text: { type: 'mrkdwn', text: `*${slackText(title)}*\n${slackText(release.message)}\n${WHAT_NOW}` },
            },
            {
              type: 'actions',
              elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the release' }, url: link }],
            },
          ],
        }
      : teamsCard(
          [
            { type: 'TextBlock', text: teamsText(title), weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: teamsText(release.message), color: 'Attention', wrap: true },
            { type: 'TextBlock', text: WHAT_NOW, wrap: true },
          ],
          [{ type: 'Action.OpenUrl', title: 'Open the release', url: link }],
        )
  return { kind: 'notice', channel, chat: { format, body } }
}
