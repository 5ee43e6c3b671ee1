import { readFileSync } from 'node:fs'
import { LEAD_PAYLOAD_SCHEMAS } from '@site/leads/payloads'
import { CONTENT_RULES, type ContentRules, type ValueRule } from '@site/schemas/contentRules'
import { describe, expect, it } from 'vitest'
import { pageCopy } from '../../apps/studio/actions/duplicatePage'

// A marketer's campaign page (issue 43, point 6): what the schema lets it leave out, what it starts with,
// what its leads may carry, and what "Duplicate this page" makes.

const seed = readFileSync(new URL('../../content/seed.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown>)
const contactPage = seed.find((document) => document._id === 'page.contact') as {
  sections: Array<Record<string, unknown>>
}
const contactSection = contactPage.sections.find((section) => section._type === 'contactFormSection') ?? {}
const rules: ContentRules = CONTENT_RULES
const fieldsOf = (type: string): readonly ValueRule[] => rules.types[type]?.fields ?? []

describe('a campaign page', () => {
  it('needs no SEO texts: a page, a resource and the SEO object require none', () => {
    for (const type of ['page', 'resource']) expect(fieldsOf(type).find((f) => f.name === 'seo')?.required).toBeFalsy()
    expect(fieldsOf('seo').filter((field) => field.required)).toEqual([])
  })

  it("starts its contact form with the contact page's labels and button, and its side cards empty", () => {
    const initial = Object.fromEntries(
      fieldsOf('contactFormSection')
        .filter((field) => field.initialValue !== undefined)
        .map((field) => [field.name, field.initialValue]),
    )
    expect(initial.askInterest).toBe(true)
    const labels = Object.keys(initial).filter((name) => !name.startsWith('confirmation') && name !== 'askInterest')
    expect(labels).toEqual([
      'nameLabel',
      'namePlaceholder',
      'emailLabel',
      'emailPlaceholder',
      'phoneLabel',
      'phonePlaceholder',
      'companyLabel',
      'companyPlaceholder',
      'interestLabel',
      'interestPlaceholder',
      'messageLabel',
      'messagePlaceholder',
      'submitLabel',
    ])
    for (const name of labels) expect(initial[name], name).toBe(contactSection[name])
    expect(initial.submitLabel).toBe('Send Message')
    for (const side of ['detailsHeading', 'detailsText', 'responseHeading', 'responseText']) {
      expect(initial[side], side).toBeUndefined()
      expect(fieldsOf('contactFormSection').find((field) => field.name === side)?.required).toBeFalsy()
    }
  })

  it('sends leads the server accepts with an empty interest (question left out), never an unknown one', () => {
    const lead = {
      name: 'Rosa Delgado',
      email: 'rosa@delgado.test',
      phone: '',
      company: '',
      message: '',
      timestamp: '2026-11-27T15:00:00.000Z',
      source: 'advisorgrowth-website',
    }
    expect(LEAD_PAYLOAD_SCHEMAS.contact.safeParse({ ...lead, interest: '' }).success).toBe(true)
    expect(LEAD_PAYLOAD_SCHEMAS.contact.safeParse({ ...lead, interest: 'ads' }).success).toBe(true)
    expect(LEAD_PAYLOAD_SCHEMAS.contact.safeParse({ ...lead, interest: 'webinars' }).success).toBe(false)
    expect(LEAD_PAYLOAD_SCHEMAS.contact.safeParse(lead).success).toBe(false)
  })

  it('is duplicated with every section, named as a copy, and without the address it cannot share', () => {
    const copy = pageCopy({ _id: 'drafts.x', _type: 'page', ...contactPage, title: 'Contact' }) as Record<
      string,
      unknown
    >
    expect(copy.title).toBe('Contact (copy)')
    expect(copy.path).toBeUndefined()
    expect(copy.sections).toEqual(contactPage.sections)
  })
})
