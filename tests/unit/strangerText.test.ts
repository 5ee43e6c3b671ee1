// @vitest-environment jsdom
import { ANOTHER_MESSAGE_TITLE } from '@site/leads/admin'
import MarkdownIt from 'markdown-it'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { LeadDb } from '../../apps/server/src/leads/db/database'
import type { JsonObject, LeadFormName } from '../../apps/server/src/leads/db/tables'
import { chatBody } from '../../apps/server/src/leads/delivery/chatMessage'
import { notifyConfigFromEnv } from '../../apps/server/src/leads/delivery/notifyConfig'
import { renderNotification } from '../../apps/server/src/leads/delivery/renderMessage'
import { DigestEmail, leadView } from '../../apps/server/src/leads/delivery/teamEmail'
import type { ClaimedDelivery } from '../../apps/server/src/leads/store/deliveryQueue'

// Point 5 of issue 39: no stranger's markup reaches a person as a live link, an image, a mention or formatting,
// in any channel (the team's e-mail in HTML and text, the digest, Slack, Teams), from any field a visitor fills.
// Each hostile value goes in every free-text field of every form; each channel is read the way its client
// reads it: the HTML by a DOM, Slack's mrkdwn by its rules (&, <, >), Teams' markdown by a CommonMark parser.

const STUDIO = 'https://studio.advisorgrowth.test'
const config = notifyConfigFromEnv({ LEAD_EMAIL_FROM: 'Leads <leads@advisorgrowth.test>', LEAD_STUDIO_URL: STUDIO })

const HOSTILE = [
  '[CRM](http://x.test)',
  '![pixel](http://x.test/p.png)',
  '<http://x.test|Open the CRM>',
  '<!channel> <!here> <@U012AB3CD> <#C012AB3CD>',
  '<at>Sales team</at>',
  '<a href="http://x.test">click</a><img src="http://x.test/p.png">',
  '**urgent** _now_ ~~gone~~ `code`',
  '- item\n1. first\n# Heading\n> quote',
  '&lt;b&gt;entity&lt;/b&gt; &amp; \\[escaped\\](http://x.test)',
  '[x]: http://x.test "ref"\n[x]',
]

/** Every field a visitor types freely, per form (the rest are choices from a list). */
const BENIGN: Record<LeadFormName, JsonObject> = {
  contact: {
    name: 'Dana Reyes',
    email: 'dana@reyes.test',
    phone: '555-201-3344',
    company: 'Reyes Wealth',
    interest: 'funnels',
    message: 'Hello',
  },
  guide: { name: 'Dana Reyes', email: 'dana@reyes.test', phone: '555-201-3344', resource: 'Scaling guide' },
  qualify: {
    firstName: 'Imogen',
    lastName: 'Ford',
    email: 'imogen@ford.test',
    phone: '5552019988',
    company: 'Ford Agency',
    role: 'RIA',
  },
  giveaway: {
    fullName: 'Alex Moreno',
    email: 'alex@moreno.test',
    phone: '864-555-0110',
    company: 'Moreno Group',
    title: 'Partner',
    optIn: true,
  },
}
const FREE_TEXT: Record<LeadFormName, string[]> = {
  contact: ['name', 'email', 'phone', 'company', 'message'],
  guide: ['name', 'email', 'phone'],
  qualify: ['firstName', 'lastName', 'email', 'phone', 'company'],
  giveaway: ['fullName', 'email', 'phone', 'company', 'title'],
}
/** The fields a chat message shows: who, and how to reach them. */
const IN_CHAT = new Set(['name', 'fullName', 'firstName', 'lastName', 'email', 'phone'])

const CASES = (Object.keys(FREE_TEXT) as LeadFormName[]).flatMap((form) =>
  FREE_TEXT[form].flatMap((field) => HOSTILE.map((value) => ({ form, field, value }))),
)

/** Every lead here is another message from a person who wrote before: its mark and link go out beside the values. */
const FIRST_LEAD = 'f1f1f1f1-0000-4000-8000-000000000001'

function lead(form: LeadFormName, payload: JsonObject, attribution: JsonObject | null = null) {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    form,
    payload,
    attribution,
    received_at: new Date(),
    first_lead: FIRST_LEAD,
  }
}

async function teamEmail(form: LeadFormName, payload: JsonObject, attribution: JsonObject | null = null) {
  const claim = {
    id: '0b8a6c1e-7f1e-4a8e-9d7c-3f0c9e2f1a55',
    leadId: 'a1b2c3d4-0000-4000-8000-000000000001',
    destination: 'email:team',
    attempt: 1,
    payload,
    leaseToken: 'token',
    windowStartedAt: new Date(),
    message: { kind: 'team', to: ['team@advisorgrowth.test'], rule: null },
    lead: { ...lead(form, payload, attribution), notify: { hot: true } },
  } as unknown as ClaimedDelivery
  const rendered = await renderNotification(claim, config, undefined as unknown as LeadDb)
  if (!rendered.email) throw new Error('no e-mail rendered')
  return rendered.email
}

/** What a mail client makes of the HTML: its links' targets, its images, and its text. */
function readHtml(html: string) {
  const document = new DOMParser().parseFromString(html, 'text/html')
  return {
    links: Array.from(document.querySelectorAll('a[href]'), (link) => link.getAttribute('href') ?? ''),
    media: document.querySelectorAll('img, script, iframe, object, embed, form, style:not(head style)').length,
    text: document.body.textContent ?? '',
  }
}

const spaced = (text: string) => text.replace(/\s+/g, ' ')

const OUR_LINK = `${STUDIO}/leads/a1b2c3d4-0000-4000-8000-000000000001`
const FIRST_LINK = `${STUDIO}/leads/${FIRST_LEAD}`
const isOurs = (href: string) =>
  href === OUR_LINK || href === FIRST_LINK || href === `${STUDIO}/leads` || /^tel:[+\d]*$/.test(href)

const markdown = new MarkdownIt()
/** What a CommonMark reader shows: nothing but paragraphs and line breaks, and the text with entities decoded. */
function readMarkdown(source: string) {
  const html = markdown.render(source)
  const tags = [...html.matchAll(/<\/?([a-z0-9]+)/g)].map((match) => match[1])
  const text = html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
  return { tags: [...new Set(tags)], text }
}

/** Slack's mrkdwn: only &, < and > are markup; a link or mention needs a raw < . */
function readSlack(source: string) {
  return {
    opensMarkup: /[<>]/.test(source),
    text: source.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  }
}

describe.each(CASES)('$form / $field = $value', ({ form, field, value }) => {
  const payload = { ...BENIGN[form], [field]: value }

  it("the team's e-mail shows it as text: HTML with no link but ours, no image; the text part as typed", async () => {
    const email = await teamEmail(form, payload)
    const html = readHtml(email.html)
    expect(html.links.filter((href) => !isOurs(href))).toEqual([])
    expect(html.links).toContain(FIRST_LINK)
    expect(html.media).toBe(0)
    expect(html.text).toContain(value)
    expect(html.text).toContain(ANOTHER_MESSAGE_TITLE)
    // The text part wraps lines as it likes: the words, as typed, in order.
    expect(spaced(email.text)).toContain(spaced(value))
    expect(email.text).toContain(ANOTHER_MESSAGE_TITLE)
  })

  it('the digest shows it as text, with no link but ours', () => {
    const view = leadView(lead(form, payload), STUDIO)
    const html = readHtml(
      `<!doctype html>${renderToStaticMarkup(createElement(DigestEmail, { views: [view], day: '2026-11-27', toolLink: `${STUDIO}/leads` }))}`,
    )
    expect(html.links.filter((href) => !isOurs(href))).toEqual([])
    expect(html.links).toContain(FIRST_LINK)
    expect(html.media).toBe(0)
    if (IN_CHAT.has(field)) expect(html.text).toContain(value)
  })

  it.runIf(IN_CHAT.has(field))('Slack gets it with &, < and > escaped: no link, no mention', () => {
    const body = chatBody('slack', leadView(lead(form, payload), STUDIO), true) as {
      text: string
      blocks: Array<{ text?: { text: string } }>
    }
    const section = body.blocks[0]?.text?.text ?? ''
    for (const source of [body.text, section]) expect(readSlack(source).opensMarkup).toBe(false)
    expect(readSlack(section).text).toContain(value)
    expect(section).toContain(ANOTHER_MESSAGE_TITLE)
  })

  it.runIf(IN_CHAT.has(field))("Teams' card shows it as typed: its TextBlock and FactSet hold no markdown", () => {
    const body = chatBody('teams', leadView(lead(form, payload), STUDIO), true) as {
      attachments: Array<{ content: { body: Array<{ text?: string; facts?: Array<{ value: string }> }> } }>
    }
    const card = body.attachments[0]?.content.body ?? []
    const sources = card.flatMap((element) => [
      ...(element.text === undefined ? [] : [element.text]),
      ...(element.facts ?? []).map((fact) => fact.value),
    ])
    const read = sources.map(readMarkdown)
    for (const { tags } of read) expect(tags.filter((tag) => tag !== 'p' && tag !== 'br')).toEqual([])
    expect(read.some(({ text }) => text.includes(value))).toBe(true)
    expect(read.some(({ text }) => text === `${ANOTHER_MESSAGE_TITLE}\n`)).toBe(true)
  })
})

describe('campaign values and pages a visitor chose', () => {
  it.each(HOSTILE)('reach the e-mail as text: %s', async (value) => {
    const attribution = {
      page: `https://advisorgrowth.test/contact?x=${value}`,
      firstTouch: { landingPage: `https://advisorgrowth.test/${value}`, utm_source: value, utm_campaign: value },
      lastTouch: { utm_source: value, utm_medium: value, utm_campaign: value },
    }
    const email = await teamEmail('contact', BENIGN.contact, attribution)
    const html = readHtml(email.html)
    expect(html.links.filter((href) => !isOurs(href))).toEqual([])
    expect(html.media).toBe(0)
    expect(html.text).toContain(value)
  })
})
