import { destinationTitle } from '@site/leads/admin'
import { LEAD_FIELD_LABELS, leadAnswers } from '@site/leads/labels'
import { LEAD_PAYLOAD_SCHEMAS } from '@site/leads/payloads'
import { QUESTIONS } from '@site/leads/schemas/questions'
import { describe, expect, it } from 'vitest'

describe('a lead as a person reads it', () => {
  it('labels every field of every form payload (SPEC sections 3 and 7), in the form’s order', () => {
    for (const form of ['contact', 'guide', 'giveaway'] as const) {
      expect(Object.keys(LEAD_FIELD_LABELS[form]).sort()).toStrictEqual(
        Object.keys(LEAD_PAYLOAD_SCHEMAS[form].shape).sort(),
      )
    }
    expect(Object.keys(LEAD_FIELD_LABELS.qualify)).toStrictEqual([
      ...QUESTIONS.map((question) => question.id),
      'timestamp',
      'source',
    ])
  })

  it.each([
    [
      'contact',
      {
        name: 'Dana',
        email: 'd@x.com',
        phone: '',
        company: 'W',
        interest: 'funnels',
        message: 'Hi',
        timestamp: 'T',
        source: 's',
      },
      [
        ['Name', 'Dana'],
        ['Email', 'd@x.com'],
        ['Phone', ''],
        ['Company', 'W'],
        ['Interest', 'Marketing Funnels'],
        ['Message', 'Hi'],
        ['Sent at', 'T'],
        ['Source', 's'],
      ],
    ],
    [
      'giveaway',
      { optIn: true, fullName: 'Ann Lee', email: 'a@x.com', phone: '1', company: 'C', title: 'CEO', extra: 7 },
      [
        ['Full name', 'Ann Lee'],
        ['Email', 'a@x.com'],
        ['Phone', '1'],
        ['Company', 'C'],
        ['Title', 'CEO'],
        ['Agreed to follow-up', 'Yes'],
        ['extra', '7'],
      ],
    ],
    [
      'qualify',
      { timestamp: 'T', role: 'IMO/FMO', firstName: 'Ann', timeline: 'Immediately (this week)' },
      [
        ['First name', 'Ann'],
        ['Role', 'IMO/FMO'],
        ['Timeline', 'Immediately (this week)'],
        ['Sent at', 'T'],
      ],
    ],
  ] as const)(
    '%s: each answer under its label, options as their labels, unknown fields last',
    (form, payload, expected) => {
      expect(leadAnswers(form, payload).map((answer) => [answer.label, answer.text])).toStrictEqual(expected)
    },
  )

  it('marks the submission time to be shown in the reader’s zone', () => {
    expect(leadAnswers('guide', { timestamp: '2026-11-26T10:00:00.000Z' })).toStrictEqual([
      { field: 'timestamp', label: 'Sent at', text: '2026-11-26T10:00:00.000Z', time: '2026-11-26T10:00:00.000Z' },
    ])
  })

  it.each([
    ['webhook:contact', 'Webhook'],
    ['email:sales', 'E-mail: sales'],
    ['email:visitor', 'Visitor confirmation'],
    ['digest:ops@example.com', 'Daily digest: ops@example.com'],
    ['chat:imo-team', 'Chat: imo-team'],
    ['sms:x', 'sms:x'],
  ] as const)('names the destination %s “%s”', (destination, title) => {
    expect(destinationTitle(destination)).toBe(title)
  })
})
