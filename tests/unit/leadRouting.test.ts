import { leadRoutingSchema, scoreLead, scoreOf, scoreText } from '@site/leads/routing'
import { describe, expect, it } from 'vitest'
import { chatChannelsFromEnv, notifyConfigFromEnv } from '../../apps/server/src/leads/delivery/notifyConfig'
import { confirmationKey, nextDigestAt, planNotifications } from '../../apps/server/src/leads/delivery/routing'

// Who hears of a lead: the routing document's rules on the answers, the digest's time, the fallback.

const config = notifyConfigFromEnv({ LEAD_NOTIFY_EMAIL: 'team@x.test, owner@x.test', LEAD_DIGEST_HOUR_UTC: '17' })
const routing = leadRoutingSchema.parse({
  _id: 'leadRouting',
  _rev: 'rev-7',
  rules: [
    {
      name: 'imo-hot',
      forms: ['qualify'],
      role: ['IMO/FMO'],
      timeline: ['Immediately (this week)'],
      monthlyMarketingBudget: ['$10,000-$25,000', 'Over $25,000'],
      hot: true,
      emails: ['imo@x.test'],
      channels: ['imo'],
    },
    { name: 'ria', role: ['RIA'], currentAUM: ['$100M-$250M', 'Over $250M'], emails: ['ria@x.test'] },
  ],
  otherwiseEmails: ['digest@x.test'],
  confirmations: null,
})
const imo = {
  role: 'IMO/FMO',
  timeline: 'Immediately (this week)',
  monthlyMarketingBudget: '$10,000-$25,000',
  email: 'a@b.test',
}
const now = new Date('2026-11-26T10:00:00.000Z')
const plan = (payload: Record<string, unknown>, form: 'qualify' | 'contact' = 'qualify') =>
  planNotifications({ form, payload, routing, config, now })

describe('routing a lead', () => {
  it('sends an IMO/FMO starting this week with $10,000+ to the IMO recipients at once and to the imo channel', () => {
    const { notice, deliveries } = plan(imo)
    expect(notice).toEqual({
      rev: 'rev-7',
      rule: 'imo-hot',
      hot: true,
      digest: [],
      digestAt: null,
      confirmation: false,
    })
    expect(deliveries.map((d) => [d.destination, d.message, d.dueAt.toISOString()])).toEqual([
      ['email:imo-hot', { kind: 'team', to: ['imo@x.test'], rule: 'imo-hot' }, now.toISOString()],
      ['chat:imo', { kind: 'chat', channel: 'imo' }, now.toISOString()],
    ])
  })

  it('a non-hot rule puts the lead in its recipients’ digest, due at the next digest hour', () => {
    const { notice, deliveries } = plan({ role: 'RIA', currentAUM: 'Over $250M' })
    expect(notice).toMatchObject({
      rule: 'ria',
      hot: false,
      digest: ['ria@x.test'],
      digestAt: '2026-11-26T17:00:00.000Z',
    })
    expect(deliveries).toEqual([
      {
        destination: 'digest:ria@x.test',
        message: {
          kind: 'digest',
          to: ['ria@x.test'],
          from: '2026-11-25T17:00:00.000Z',
          until: '2026-11-26T17:00:00.000Z',
        },
        dedupeKey: 'digest:ria@x.test:2026-11-26T17:00:00.000Z',
        dueAt: new Date('2026-11-26T17:00:00.000Z'),
      },
    ])
  })

  it('one answer outside a rule, another form, or a question not asked: the next rule, then the otherwise digest', () => {
    expect(plan({ ...imo, timeline: 'Just researching' }).notice).toMatchObject({
      rule: null,
      digest: ['digest@x.test'],
    })
    expect(plan(imo, 'contact').notice.rule).toBeNull()
    expect(plan({ role: 'RIA' }).notice.rule).toBeNull()
  })

  it('with no routing document, LEAD_NOTIFY_EMAIL gets every lead at once, one e-mail per recipient (each with its own take link)', () => {
    const { notice, deliveries } = planNotifications({
      form: 'contact',
      payload: { email: 'a@b.test' },
      routing: undefined,
      config,
      now,
    })
    expect(notice).toMatchObject({ rev: null, rule: null, hot: false })
    expect(deliveries.map((d) => [d.destination, d.message])).toEqual([
      ['email:team', { kind: 'team', to: ['team@x.test'], rule: null }],
      ['email:team', { kind: 'team', to: ['owner@x.test'], rule: null }],
    ])
  })

  it('the digest goes at the next digest hour; the confirmation key is per address (any case, hashed) and UTC day, whatever the form', () => {
    expect(nextDigestAt(new Date('2026-11-26T17:00:00.000Z'), 17).toISOString()).toBe('2026-11-27T17:00:00.000Z')
    expect(nextDigestAt(new Date('2026-11-26T16:59:59.999Z'), 17).toISOString()).toBe('2026-11-26T17:00:00.000Z')
    const key = confirmationKey('Dana@Example.test ', now)
    expect(key).toBe(confirmationKey('dana@example.test', new Date('2026-11-26T23:59:00.000Z')))
    expect(key).not.toBe(confirmationKey('dana@example.test', new Date('2026-11-27T00:00:00.000Z')))
    expect(key).not.toBe(confirmationKey('ann@example.test', now))
    expect(key).not.toContain('dana')
  })

  it('reads LEAD_CHAT_WEBHOOKS: Slack by default, Teams with teams:, and refuses a malformed entry', () => {
    expect(
      chatChannelsFromEnv(
        'sales=https://hooks.slack.com/services/T/B/x, imo=teams:https://prod.westus.logic.azure.com/wf',
      ),
    ).toEqual({
      sales: { format: 'slack', url: 'https://hooks.slack.com/services/T/B/x' },
      imo: { format: 'teams', url: 'https://prod.westus.logic.azure.com/wf' },
    })
    expect(() => chatChannelsFromEnv('Sales=https://x')).toThrow('LEAD_CHAT_WEBHOOKS: each entry is name=https://…')
    expect(() => chatChannelsFromEnv('sales=ftp://x')).toThrow('LEAD_CHAT_WEBHOOKS')
  })

  it('tells a failed release to RELEASE_ALERT_EMAIL (else LEAD_NOTIFY_EMAIL) and to every chat channel unless named', () => {
    const chat = 'sales=https://hooks.slack.com/services/T/B/x, marketing=teams:https://x.test/wf'
    const defaults = notifyConfigFromEnv({ LEAD_NOTIFY_EMAIL: 'team@x.test', LEAD_CHAT_WEBHOOKS: chat })
    expect(defaults.releaseAlertEmails).toEqual(['team@x.test'])
    expect(defaults.releaseAlertChannels).toEqual(['sales', 'marketing'])
    // Offline the lake's file is read every 5 s; hosted, each read is a request on the project's quota.
    expect(defaults.releaseAlertPollMs).toBe(5_000)
    expect(notifyConfigFromEnv({ SANITY_PROJECT_ID: 'abc123' }).releaseAlertPollMs).toBe(30_000)
    // An empty line copied from .env.example is unset, not "nobody".
    const named = notifyConfigFromEnv({
      LEAD_NOTIFY_EMAIL: 'team@x.test',
      RELEASE_ALERT_EMAIL: 'web@x.test, marketing@x.test',
      RELEASE_ALERT_CHAT: 'marketing',
      LEAD_CHAT_WEBHOOKS: chat,
    })
    expect(named.releaseAlertEmails).toEqual(['web@x.test', 'marketing@x.test'])
    expect(named.releaseAlertChannels).toEqual(['marketing'])
    expect(
      notifyConfigFromEnv({ RELEASE_ALERT_EMAIL: '', RELEASE_ALERT_CHAT: '', LEAD_CHAT_WEBHOOKS: chat }),
    ).toMatchObject({ releaseAlertEmails: [], releaseAlertChannels: ['sales', 'marketing'] })
    expect(notifyConfigFromEnv({ RELEASE_ALERT_CHAT: 'none', LEAD_CHAT_WEBHOOKS: chat }).releaseAlertChannels).toEqual(
      [],
    )
    expect(() => notifyConfigFromEnv({ RELEASE_ALERT_CHAT: 'web', LEAD_CHAT_WEBHOOKS: chat })).toThrow(
      'RELEASE_ALERT_CHAT: "web" is not a channel of LEAD_CHAT_WEBHOOKS',
    )
  })
})

// Issue 42, point 4: a questionnaire lead's score, from points per answer edited in the routing document.
describe('scoring a questionnaire lead', () => {
  const scored = leadRoutingSchema.parse({
    _id: 'leadRouting',
    _rev: 'rev-8',
    rules: [
      { name: 'senior', forms: ['qualify'], minScore: 70, hot: true, emails: ['senior@x.test'] },
      { name: 'everyone', hot: true, emails: ['team@x.test'] },
    ],
    scoring: {
      currentAUM: [
        { _key: 'a', value: 'Over $250M', points: 40 },
        { _key: 'b', value: 'Under $25M', points: -10 },
      ],
      timeline: [{ _key: 'c', value: 'Immediately (this week)', points: 25 }],
      decisionMaker: [{ _key: 'd', value: 'Yes', points: 15 }],
      role: [{ _key: 'e', value: 'RIA', points: 0 }],
    },
  })
  const strong = { role: 'RIA', currentAUM: 'Over $250M', timeline: 'Immediately (this week)', decisionMaker: 'Yes' }
  const planFor = (payload: Record<string, unknown>, form: 'qualify' | 'contact' = 'qualify') =>
    planNotifications({ form, payload, routing: scored, config, now })

  it('adds the points of the answers given, names each, and sends a score of 70 or more to the senior person', () => {
    expect(scoreLead('qualify', strong, scored)).toEqual({
      points: 80,
      reasons: ['Timeline: Immediately (this week) +25', 'Decision maker: Yes +15', 'AUM band: Over $250M +40'],
    })
    const { notice, deliveries } = planFor(strong)
    expect(notice).toMatchObject({ rule: 'senior', hot: true, score: { points: 80 } })
    expect(deliveries.map((d) => d.message)).toEqual([{ kind: 'team', to: ['senior@x.test'], rule: 'senior' }])
    expect(scoreText(notice.score!)).toBe(
      'Score 80: Timeline: Immediately (this week) +25 · Decision maker: Yes +15 · AUM band: Over $250M +40',
    )
  })

  it('a score under the band, and a lead of another form (no score), go to the next rule', () => {
    const weak = planFor({ ...strong, currentAUM: 'Under $25M', decisionMaker: 'No' })
    expect(weak.notice).toMatchObject({ rule: 'everyone', score: { points: 15 } })
    expect(weak.notice.score?.reasons).toEqual(['Timeline: Immediately (this week) +25', 'AUM band: Under $25M -10'])
    const contact = planFor({ email: 'a@b.test', interest: 'ads' }, 'contact')
    expect(contact.notice.rule).toBe('everyone')
    expect(contact.notice).not.toHaveProperty('score')
  })

  it('no points in the document: no score anywhere, and a band takes no lead', () => {
    expect(scoreLead('qualify', strong, routing)).toBeUndefined()
    expect(plan(imo).notice).not.toHaveProperty('score')
  })

  it('a score read back from a stored lead keeps only its shape', () => {
    expect(scoreOf({ rule: null, score: { points: 55, reasons: ['Timeline: 1-3 months +10', 3] } })).toEqual({
      points: 55,
      reasons: ['Timeline: 1-3 months +10'],
    })
    expect(scoreOf({ score: { points: '55' } })).toBeUndefined()
    expect(scoreOf(null)).toBeUndefined()
  })
})
