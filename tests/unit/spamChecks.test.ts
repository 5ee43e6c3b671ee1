import type { SpamReason } from '@site/leads/spam'
import { describe, expect, it } from 'vitest'
import { isDisposableAddress, judgeSubmission, type SubmissionFacts } from '../../apps/server/src/leads/spam/spamChecks'

const SETTINGS = { minFillMs: 3_000, threshold: 2 }
const person = { name: 'Ann Lee', email: 'ann@leewealth.com', company: 'Lee Wealth', message: 'Can we talk on Monday?' }

/** One row per rule and per edge a person could hit: the facts, the reasons, and whether they hold the lead. */
const CASES: Array<[string, Partial<SubmissionFacts> & { payload?: Record<string, unknown> }, SpamReason[], boolean]> =
  [
    ['a person, 40 s after the form showed', { fillMs: 40_000 }, [], false],
    ['a machine client (no proof asked, no time known)', {}, [], false],
    ['no proof', { proofReason: 'proof-missing' }, ['proof-missing'], true],
    ['a forged proof', { proofReason: 'proof-invalid' }, ['proof-invalid'], true],
    ['an expired proof', { proofReason: 'proof-expired' }, ['proof-expired'], true],
    ['a replayed proof', { proofReason: 'proof-replayed' }, ['proof-replayed'], true],
    ['a disposable address', { payload: { ...person, email: 'x@mailinator.com' } }, ['disposable-email'], true],
    [
      'a disposable address in capitals',
      { payload: { ...person, email: ' X@MAILINATOR.COM ' } },
      ['disposable-email'],
      true,
    ],
    ['a free-mail address (not disposable)', { payload: { ...person, email: 'ann@gmail.com' } }, [], false],
    ['a URL in the name', { payload: { ...person, name: 'Visit https://cheap.example' } }, ['markup-in-name'], true],
    ['www. in the company', { payload: { ...person, company: 'www.pills.example' } }, ['markup-in-name'], true],
    [
      'an HTML link in the company',
      { payload: { ...person, company: '<a href=x>deal</a>' } },
      ['markup-in-name'],
      true,
    ],
    ['BBCode in the full name', { payload: { ...person, fullName: '[url=x]win[/url]' } }, ['markup-in-name'], true],
    ['a Markdown link in the last name', { payload: { ...person, lastName: '[win](x)' } }, ['markup-in-name'], true],
    [
      'a company with a domain-like name (a person may type it)',
      { payload: { ...person, company: 'Growth.io' } },
      [],
      false,
    ],
    ['a name with < and an ampersand', { payload: { ...person, name: 'Ann & Bo <3' } }, [], false],
    [
      'sent 1 s after the form showed (autofill): a weak sign, kept, not held',
      { fillMs: 1_000 },
      ['sent-too-fast'],
      false,
    ],
    [
      'sent 1 s after the form showed by a client that sent no page context: held by the sum',
      { fillMs: 1_000, pageContext: false },
      ['sent-too-fast', 'no-page-context'],
      true,
    ],
    [
      'no page context from a patient client: a weak sign, not held',
      { fillMs: 5_000, pageContext: false },
      ['no-page-context'],
      false,
    ],
    ['no proof asked (a machine client): no page context is no sign', { pageContext: false }, [], false],
    ['sent exactly at the minimum', { fillMs: 3_000 }, [], false],
    [
      'three links in the message: a weak sign, kept, not held',
      { payload: { ...person, message: 'see http://a.example http://b.example www.c.example' } },
      ['links-in-message'],
      false,
    ],
    [
      'links in the message of a fast submission: held by the sum',
      { fillMs: 100, payload: { ...person, message: 'http://a http://b http://c' } },
      ['sent-too-fast', 'links-in-message'],
      true,
    ],
    [
      'every sign at once, in the table order',
      {
        proofReason: 'proof-replayed',
        payload: { name: '<b>x</b>', email: 'a@yopmail.com', message: 'http://a http://b http://c' },
      },
      ['proof-replayed', 'disposable-email', 'markup-in-name', 'links-in-message'],
      true,
    ],
  ]

describe('the spam checks (apps/server/src/leads/spam/spamChecks.ts)', () => {
  it.each(CASES)('%s', (_, facts, reasons, quarantined) => {
    expect(judgeSubmission({ payload: person, ...facts }, SETTINGS)).toStrictEqual({ reasons, quarantined })
  })

  it('lets the threshold decide: at 3, one strong reason is kept on the lead and holds nothing back', () => {
    const payload = { ...person, email: 'x@mailinator.com' }
    expect(judgeSubmission({ payload }, { ...SETTINGS, threshold: 3 })).toStrictEqual({
      reasons: ['disposable-email'],
      quarantined: false,
    })
    expect(judgeSubmission({ payload, fillMs: 10 }, { ...SETTINGS, threshold: 3 }).quarantined).toBe(true)
  })

  it.each([
    ['guerrillamail.com', true],
    ['sub.33mail.com', true],
    ['leewealth.com', false],
    ['example.com', false],
  ])('knows whether %s is a disposable-mail domain', (domain, disposable) => {
    expect(isDisposableAddress(`someone@${domain}`)).toBe(disposable)
  })

  it('treats a value without an @ as no address at all', () => {
    expect(isDisposableAddress('mailinator.com')).toBe(false)
  })
})
