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
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { ANOTHER_MESSAGE_TITLE, FIRST_MESSAGE_LINK_TEXT, LEAD_FORM_TITLES } from '@site/leads/admin'
import type { LeadFormName } from '@site/leads/forms'
import { answerText, leadAnswers } from '@site/leads/labels'
import { type LeadScore, ROUTING_ANSWERS, scoreOf, scoreText } from '@site/leads/routing'
import { holdReasonTitle } from '@site/leads/spam'
import type { JsonObject } from '../db/tables.ts'
import { contactOf } from '../store/queries.ts'
import { teamTime } from './teamTime.ts'

/** One answer as the e-mail lists it: its label and the visitor's answer as a label, not a stored value. */
export interface AnswerLine {
  key: string
  label: string
  value: string
}

/** What every submission adds (when it was sent, from which page): not an answer, shown apart. */
const SUBMISSION_FIELDS = new Set(['timestamp', 'source'])

/** What the team's e-mail, the digest and a chat post say of one lead. */
export interface LeadView {
  id: string
  form: LeadFormName
  receivedAt: Date
  name: string
  email: string
  phone: string
  company: string
  /** The answers that route a lead (role, interest, timeline, budget…), as labels: the subject's end. */
  deciding: string[]
  answers: AnswerLine[]
  attribution: Array<{ label: string; value: string }>
  /** The lead in the Studio's Leads tool. */
  link: string
  /** Another message from a person who wrote before: their first lead in the Leads tool. */
  firstLink?: string
  /** This recipient's signed "Take this lead" link (followThrough/takeLink.ts), when the server makes them. */
  takeLink?: string
  /** A questionnaire lead's score, as routed (`notify.score`). */
  score?: LeadScore
}

export function leadView(
  lead: {
    id: string
    form: LeadFormName
    payload: JsonObject
    attribution: JsonObject | null
    received_at: Date
    first_lead?: string | null
    notify?: JsonObject | null
  },
  studioUrl: string,
): LeadView {
  const who = contactOf(lead.payload)
  const linkTo = (id: string) => `${studioUrl}/leads/${encodeURIComponent(id)}`
  const score = scoreOf(lead.notify)
  return {
    id: lead.id,
    form: lead.form,
    receivedAt: lead.received_at,
    name: who.name || who.email || 'No name given',
    email: who.email,
    phone: who.phone,
    company: who.company,
    deciding: ROUTING_ANSWERS.map((answer) => answerText(lead.form, answer.name, lead.payload[answer.name])).filter(
      Boolean,
    ),
    answers: leadAnswers(lead.form, lead.payload)
      .filter((answer) => !SUBMISSION_FIELDS.has(answer.field) && answer.text.trim() !== '')
      .map((answer) => ({ key: answer.field, label: answer.label, value: answer.text })),
    attribution: attributionLines(lead.attribution),
    link: linkTo(lead.id),
    ...(lead.first_lead ? { firstLink: linkTo(lead.first_lead) } : {}),
    ...(score ? { score } : {}),
  }
}

/** Campaign, source and landing page of the visit (first and latest arrival), as far as the browser said. */
function attributionLines(attribution: JsonObject | null): Array<{ label: string; value: string }> {
  if (!attribution) return []
  const touch = (key: string) => (attribution[key] ?? {}) as Record<string, string | undefined>
  const first = touch('firstTouch')
  const last = touch('lastTouch')
  const sourceOf = (t: Record<string, string | undefined>) =>
    [t.utm_source, t.utm_medium].filter(Boolean).join(' / ') ||
    (t.gclid ? 'Google Ads' : t.fbclid ? 'Meta ads' : t.msclkid ? 'Microsoft Ads' : '') ||
    (t.referrer ? hostOf(t.referrer) : 'direct')
  const lines = [
    { label: 'Campaign', value: last.utm_campaign ?? first.utm_campaign ?? '' },
    { label: 'Source', value: sourceOf(last) },
    { label: 'First source', value: sourceOf(first) === sourceOf(last) ? '' : sourceOf(first) },
    { label: 'Landing page', value: first.landingPage ?? '' },
    { label: 'Form page', value: typeof attribution.page === 'string' ? attribution.page : '' },
  ]
  return lines.filter((line) => line.value)
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** `Questionnaire: Jane Doe · IMO/FMO · Immediately (this week) · $10,000-$25,000`. */
export function teamSubject(view: LeadView, hot: boolean): string {
  const subject = [
    ...(hot ? ['Hot lead'] : []),
    ...(view.firstLink ? [ANOTHER_MESSAGE_TITLE] : []),
    ...(view.score ? [`Score ${view.score.points}`] : []),
    `${LEAD_FORM_TITLES[view.form]}: ${view.name}`,
    ...view.deciding,
  ].join(' · ')
  return oneLine(subject)
}

/** A header holds no line break a visitor could type. */
export const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').slice(0, 250)

/** The team's e-mails' look: one card on a grey page, labels, callouts and the one button. */
export const styles = {
  body: { backgroundColor: '#f4f5f7', fontFamily: '-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif' },
  container: { backgroundColor: '#ffffff', padding: '24px', maxWidth: '560px', borderRadius: '8px' },
  label: { color: '#5f6b7a', fontSize: '13px', margin: '12px 0 0' },
  value: { color: '#111827', fontSize: '16px', margin: '2px 0 0', whiteSpace: 'pre-wrap' as const },
  notice: {
    backgroundColor: '#eff6ff',
    borderLeft: '4px solid #1d4ed8',
    color: '#111827',
    fontSize: '15px',
    padding: '8px 12px',
    margin: '12px 0 0',
  },
  button: {
    backgroundColor: '#1d4ed8',
    color: '#ffffff',
    padding: '12px 18px',
    borderRadius: '6px',
    textDecoration: 'none',
    display: 'inline-block',
  },
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </>
  )
}

/** The mark of another message from a person who wrote before, with the link to their first. */
function AnotherMessage({ firstLink }: { firstLink: string }) {
  return (
    <Text style={styles.notice}>
      <strong>{`${ANOTHER_MESSAGE_TITLE}.`}</strong> <Link href={firstLink}>{FIRST_MESSAGE_LINK_TEXT}</Link>
    </Text>
  )
}

/** The team's e-mail of one lead: who, every answer by its label, where the visit came from, the lead's link. */
export function TeamEmail({ view, hot, timeZone }: { view: LeadView; hot: boolean; timeZone: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{teamSubject(view, hot)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 4px' }}>
            {hot ? 'Hot lead: ' : 'New lead: '}
            {view.name}
          </Heading>
          <Text style={{ ...styles.label, margin: 0 }}>
            {LEAD_FORM_TITLES[view.form]} · {teamTime(view.receivedAt, timeZone)}
          </Text>
          {view.firstLink ? <AnotherMessage firstLink={view.firstLink} /> : null}
          {view.score ? <Text style={styles.notice}>{scoreText(view.score)}</Text> : null}
          <Text style={{ fontSize: '15px' }}>
            Reply to this e-mail to answer {view.name} directly
            {view.phone ? (
              <>
                , or call <Link href={`tel:${view.phone.replace(/[^\d+]/g, '')}`}>{view.phone}</Link>
              </>
            ) : null}
            .
          </Text>
          <Section>
            {view.answers.map((line) => (
              <Field key={line.key} label={line.label} value={line.value} />
            ))}
          </Section>
          {view.attribution.length > 0 ? (
            <Section>
              <Hr />
              <Heading as="h2" style={{ fontSize: '16px', margin: '8px 0 0' }}>
                Where the visit came from
              </Heading>
              {view.attribution.map((line) => (
                <Field key={line.label} label={line.label} value={line.value} />
              ))}
            </Section>
          ) : null}
          <Hr />
          {view.takeLink ? (
            <>
              <Link href={view.takeLink} style={styles.button}>
                Take this lead
              </Link>
              <Text style={{ ...styles.label, margin: '12px 0 0' }}>
                The first to take it owns it; the others see who did. Or{' '}
                <Link href={view.link}>open the lead in the Studio</Link>.
              </Text>
            </>
          ) : (
            <Link href={view.link} style={styles.button}>
              Open the lead in the Studio
            </Link>
          )}
        </Container>
      </Body>
    </Html>
  )
}

/** A digest lists at most this many leads (Gmail clips a message past 102 kB); the rest are counted and linked. */
export const DIGEST_LIST_LIMIT = 100

/** What the quarantine holds from a digest's 24 hours (not released): leads, and leads per held reason. */
export interface HeldSummary {
  leads: number
  reasons: Array<{ reason: string; count: number }>
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/** What a digest says first: its new leads or, on a day the quarantine held every lead, what it held. */
export function digestTitle(leads: number, held: number): string {
  if (leads === 0 && held > 0) return `No new leads, ${counted(held, 'lead')} held by the spam check`
  return counted(leads, 'new lead')
}

/**
 * The day's leads of one recipient, oldest first, each with its deciding answers and link; then what the
 * quarantine held back in the same hours, by reason, with the Leads tool's link to review it.
 */
export function DigestEmail({
  views,
  held = { leads: 0, reasons: [] },
  day,
  toolLink,
}: {
  views: LeadView[]
  held?: HeldSummary
  day: string
  toolLink: string
}) {
  const listed = views.slice(0, DIGEST_LIST_LIMIT)
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${digestTitle(views.length, held.leads)} · ${day}`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
            {digestTitle(views.length, held.leads)} · {day}
          </Heading>
          {listed.map((view) => (
            <Section key={view.id}>
              <Text style={{ ...styles.value, fontWeight: 600, margin: '12px 0 0' }}>
                <Link href={view.link}>{view.name}</Link> · {LEAD_FORM_TITLES[view.form]}
                {view.firstLink ? (
                  <>
                    {` · ${ANOTHER_MESSAGE_TITLE}: `}
                    <Link href={view.firstLink}>{FIRST_MESSAGE_LINK_TEXT}</Link>
                  </>
                ) : null}
                {view.takeLink ? (
                  <>
                    {' · '}
                    <Link href={view.takeLink}>Take this lead</Link>
                  </>
                ) : null}
              </Text>
              <Text style={{ ...styles.label, margin: '2px 0 0' }}>
                {[view.email, view.phone, ...view.deciding].filter(Boolean).join(' · ')}
              </Text>
            </Section>
          ))}
          {views.length > listed.length ? (
            <Text style={{ fontSize: '15px', marginTop: '16px' }}>
              …and {views.length - listed.length} more: <Link href={toolLink}>open the Leads tool</Link>.
            </Text>
          ) : null}
          <Hr />
          <Heading as="h2" style={{ fontSize: '16px', margin: '8px 0 0' }}>
            Held in the quarantine: {held.leads} {held.leads === 1 ? 'lead' : 'leads'}
          </Heading>
          {held.reasons.length > 0 ? (
            <>
              {held.reasons.map((line) => (
                <Text key={line.reason} style={{ ...styles.label, margin: '2px 0 0' }}>
                  {holdReasonTitle(line.reason)}: {line.count}
                </Text>
              ))}
              <Text style={{ fontSize: '15px', marginTop: '8px' }}>
                <Link href={toolLink}>Review them in the Leads tool</Link>: a person wrongly held is one click from
                delivered.
              </Text>
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  )
}

/** The visitor's confirmation: the marketing team's copy from the routing document, nothing else. */
export function ConfirmationEmail({ body }: { body: string }) {
  return (
    <Html lang="en">
      <Head />
      <Body style={styles.body}>
        <Container style={styles.container}>
          {body.split(/\n{2,}/).map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of fixed text, never reordered
            <Text key={index} style={{ ...styles.value, margin: '0 0 14px' }}>
              {paragraph}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  )
}
