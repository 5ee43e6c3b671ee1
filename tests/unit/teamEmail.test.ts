import { simpleParser } from 'mailparser'
import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import type { LeadDb } from '../../apps/server/src/leads/db/database'
import { notifyConfigFromEnv } from '../../apps/server/src/leads/delivery/notifyConfig'
import { renderNotification } from '../../apps/server/src/leads/delivery/renderMessage'
import type { ClaimedDelivery } from '../../apps/server/src/leads/store/deliveryQueue'

// The team's e-mail as a mail client reads it: rendered by React Email, composed by nodemailer into the raw
// message an SMTP server would get, parsed back by mailparser.

const config = notifyConfigFromEnv({
  LEAD_EMAIL_FROM: 'AdvisorGrowth leads <leads@advisorgrowth.test>',
  LEAD_STUDIO_URL: 'https://studio.advisorgrowth.test/',
})

const qualifyPayload = {
  timestamp: '2026-11-26T09:15:00.000Z',
  source: 'Lead Qualification Form',
  firstName: 'Imogen',
  lastName: 'Ford',
  email: 'imogen@fordagency.test',
  phone: '(555) 201-9988',
  company: 'Ford & Sons <Agency>',
  role: 'IMO/FMO',
  numberOfAgents: '26-50',
  production12Month: '$10M-$20M',
  primaryChallenge: 'Want to scale my practice',
  monthlyMarketingBudget: '$10,000-$25,000',
  timeline: 'Immediately (this week)',
  decisionMaker: 'Shared Decision',
}

function claim(notify: Record<string, unknown> = {}): ClaimedDelivery {
  return {
    id: '0b8a6c1e-7f1e-4a8e-9d7c-3f0c9e2f1a55',
    leadId: 'a1b2c3d4-0000-4000-8000-000000000001',
    destination: 'email:imo-hot',
    attempt: 1,
    payload: qualifyPayload,
    leaseToken: 'token',
    windowStartedAt: new Date(),
    message: { kind: 'team', to: ['imo-lead@advisorgrowth.test', 'owner@advisorgrowth.test'], rule: 'imo-hot' },
    lead: {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      form: 'qualify',
      payload: qualifyPayload,
      attribution: {
        page: 'https://advisorgrowth.test/qualify',
        firstTouch: {
          at: '2026-11-26T09:00:00.000Z',
          landingPage: 'https://advisorgrowth.test/imo?utm_source=linkedin',
          utm_source: 'linkedin',
          utm_medium: 'paid',
          utm_campaign: 'imo-q4',
        },
        lastTouch: {
          at: '2026-11-26T09:00:00.000Z',
          landingPage: 'https://advisorgrowth.test/imo?utm_source=linkedin',
          utm_source: 'linkedin',
          utm_medium: 'paid',
          utm_campaign: 'imo-q4',
        },
      },
      received_at: new Date('2026-11-26T09:15:01.000Z'),
      notify: { rev: 'r1', rule: 'imo-hot', hot: true, digest: [], digestAt: null, confirmation: false, ...notify },
      first_lead: null,
    },
  }
}

async function rawMessage(notify?: Record<string, unknown>) {
  const rendered = await renderNotification(claim(notify), config, undefined as unknown as LeadDb)
  const email = rendered.email
  if (!email) throw new Error('no e-mail rendered')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await transport.sendMail({ ...email })
  return { email, parsed: await simpleParser(info.message as Buffer) }
}

describe("the team's e-mail of a lead", () => {
  it('says form, name and the deciding answers in the subject, and replies go to the visitor', async () => {
    const { parsed } = await rawMessage()
    expect(parsed.subject).toBe(
      'Hot lead · Questionnaire: Imogen Ford · IMO/FMO · Immediately (this week) · $10,000-$25,000 · Shared Decision · $10M-$20M',
    )
    expect(parsed.replyTo?.value).toEqual([{ address: 'imogen@fordagency.test', name: '' }])
    expect(parsed.from?.value).toEqual([{ address: 'leads@advisorgrowth.test', name: 'AdvisorGrowth leads' }])
    const to = Array.isArray(parsed.to) ? parsed.to : [parsed.to]
    expect(to.flatMap((group) => group?.value.map((entry) => entry.address))).toEqual([
      'imo-lead@advisorgrowth.test',
      'owner@advisorgrowth.test',
    ])
    expect(parsed.messageId).toBe('<0b8a6c1e-7f1e-4a8e-9d7c-3f0c9e2f1a55@advisorgrowth.test>')
  })

  it('lists every answer under its label, the attribution, and links to the lead in the Studio, in HTML and text', async () => {
    const { parsed } = await rawMessage()
    const text = parsed.text ?? ''
    const labelled = [
      ['First name', 'Imogen'],
      ['Last name', 'Ford'],
      ['Email', 'imogen@fordagency.test'],
      ['Phone', '(555) 201-9988'],
      ['Company', 'Ford & Sons <Agency>'],
      ['Role', 'IMO/FMO'],
      ['Number of agents', '26-50'],
      ['12-month production', '$10M-$20M'],
      ['Primary challenge', 'Want to scale my practice'],
      ['Monthly marketing budget', '$10,000-$25,000'],
      ['Timeline', 'Immediately (this week)'],
      ['Decision maker', 'Shared Decision'],
    ]
    expect(text).toContain(labelled.map(([label, value]) => `${label}\n\n${value}`).join('\n\n'))
    expect(text).toContain(
      'Campaign\n\nimo-q4\n\nSource\n\nlinkedin / paid\n\nLanding page\n\nhttps://advisorgrowth.test/imo?utm_source=linkedin',
    )
    expect(text).not.toContain('timestamp')
    expect(text).toContain('https://studio.advisorgrowth.test/leads/a1b2c3d4-0000-4000-8000-000000000001')
    expect(parsed.html).toContain('href="https://studio.advisorgrowth.test/leads/a1b2c3d4-0000-4000-8000-000000000001"')
    // What the visitor typed is text in the HTML, never markup.
    expect(parsed.html).toContain('Ford &amp; Sons &lt;Agency&gt;')
    expect(parsed.html).toContain('href="tel:5552019988"')
  })

  it('puts a questionnaire lead’s score in the subject and, with the answers that gave it, above the answers', async () => {
    const score = { points: 75, reasons: ['Timeline: Immediately (this week) +25', 'AUM band: Over $250M +50'] }
    const { parsed } = await rawMessage({ score })
    expect(parsed.subject).toBe(
      'Hot lead · Score 75 · Questionnaire: Imogen Ford · IMO/FMO · Immediately (this week) · $10,000-$25,000 · Shared Decision · $10M-$20M',
    )
    expect(parsed.text).toContain(
      'Score 75: Timeline: Immediately (this week) +25 · AUM band: Over $250M +50\n\nReply to this e-mail',
    )
  })

  it('renders a retry as the same message: the rendered copy kept on the delivery is sent as it is', async () => {
    const first = await renderNotification(claim(), config, undefined as unknown as LeadDb)
    const again = await renderNotification(
      { ...claim(), message: { ...first } },
      config,
      undefined as unknown as LeadDb,
    )
    expect(again).toEqual(first)
  })
})
