import { type BusinessHours, leadRoutingSchema } from '@site/leads/routing'
import { describe, expect, it } from 'vitest'
import { addOpenTime, expectedCallText, isOpen } from '../../apps/server/src/leads/followThrough/businessHours'

// Issue 42, point 2: outside business hours the claim and escalation clocks stop, and the visitor's
// confirmation says when to expect a call. 2026-11-27 is a Friday; New York is UTC-5 until 8 March 2026's
// change to daylight saving (UTC-4).
const NEW_YORK: BusinessHours = {
  timeZone: 'America/New_York',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  opens: '09:00',
  closes: '17:00',
}
const HOUR = 60 * 60_000

describe('open time', () => {
  it('counts only the hours the team is in: across closing time, a weekend and a change to daylight saving', () => {
    // Friday 15:00 EST: an hour later, the same afternoon.
    expect(addOpenTime(new Date('2026-11-27T20:00:00Z'), HOUR, NEW_YORK).toISOString()).toBe('2026-11-27T21:00:00.000Z')
    // Friday 16:30 EST: half an hour before closing, the other half on Monday from 9:00.
    expect(addOpenTime(new Date('2026-11-27T21:30:00Z'), HOUR, NEW_YORK).toISOString()).toBe('2026-11-30T14:30:00.000Z')
    // Saturday morning: the clock starts on Monday at 9:00 EST.
    expect(addOpenTime(new Date('2026-11-28T15:00:00Z'), 5 * 60_000, NEW_YORK).toISOString()).toBe(
      '2026-11-30T14:05:00.000Z',
    )
    // Friday 6 March 16:30 EST: Monday 9 March is 9:30 EDT, an hour earlier in UTC.
    expect(addOpenTime(new Date('2026-03-06T21:30:00Z'), HOUR, NEW_YORK).toISOString()).toBe('2026-03-09T13:30:00.000Z')
    // Eight open hours from Monday 9:00 end at 17:00; one minute more is Tuesday 9:01.
    expect(addOpenTime(new Date('2026-11-30T14:00:00Z'), 8 * HOUR, NEW_YORK).toISOString()).toBe(
      '2026-11-30T22:00:00.000Z',
    )
    expect(addOpenTime(new Date('2026-11-30T14:00:00Z'), 8 * HOUR + 60_000, NEW_YORK).toISOString()).toBe(
      '2026-12-01T14:01:00.000Z',
    )
  })

  it('without business hours the clocks never stop', () => {
    expect(addOpenTime(new Date('2026-11-28T15:00:00Z'), HOUR, null).toISOString()).toBe('2026-11-28T16:00:00.000Z')
    expect(isOpen(new Date('2026-11-28T03:00:00Z'), undefined)).toBe(true)
  })

  it('is open from the opening minute up to, not including, closing time', () => {
    expect(isOpen(new Date('2026-11-27T14:00:00Z'), NEW_YORK)).toBe(true)
    expect(isOpen(new Date('2026-11-27T21:59:00Z'), NEW_YORK)).toBe(true)
    expect(isOpen(new Date('2026-11-27T22:00:00Z'), NEW_YORK)).toBe(false)
    expect(isOpen(new Date('2026-11-28T15:00:00Z'), NEW_YORK)).toBe(false)
  })
})

describe('when the visitor can expect a call', () => {
  it('is the escalation time in words, in the team’s time zone', () => {
    expect(expectedCallText(new Date('2026-11-27T20:00:00Z'), HOUR, NEW_YORK)).toBe('within the hour')
    expect(expectedCallText(new Date('2026-11-27T21:30:00Z'), HOUR, NEW_YORK)).toBe('by 9:30 AM EST on Monday')
    expect(expectedCallText(new Date('2026-11-28T15:00:00Z'), HOUR, NEW_YORK)).toBe('by 10:00 AM EST on Monday')
    // Thursday 20:00 EST: Friday morning.
    expect(expectedCallText(new Date('2026-11-27T01:00:00Z'), HOUR, NEW_YORK)).toBe('by 10:00 AM EST tomorrow')
    // Friday 7:00 EST, before opening.
    expect(expectedCallText(new Date('2026-11-27T12:00:00Z'), HOUR, NEW_YORK)).toBe('by 10:00 AM EST today')
    expect(expectedCallText(new Date('2026-03-06T21:30:00Z'), HOUR, NEW_YORK)).toBe('by 9:30 AM EDT on Monday')
  })

  it('without business hours, the escalation time as a duration', () => {
    const now = new Date('2026-11-28T03:00:00Z')
    expect(expectedCallText(now, HOUR, null)).toBe('within the hour')
    expect(expectedCallText(now, 30 * 60_000, null)).toBe('within half an hour')
    expect(expectedCallText(now, 2 * HOUR, null)).toBe('within 2 hours')
    expect(expectedCallText(now, 45 * 60_000, null)).toBe('within 45 minutes')
  })
})

describe('the routing document’s follow-through, as the server reads it', () => {
  const document = { _id: 'leadRouting', _rev: 'r1' }

  it('takes the rotation with its away flags, the clocks and the hours; empty fields are empty lists', () => {
    const routing = leadRoutingSchema.parse({
      ...document,
      rotation: [{ email: 'ana@advisorgrowth.test', away: true }, { email: 'ben@advisorgrowth.test' }],
      claimWindowMinutes: 10,
      businessHours: NEW_YORK,
    })
    expect(routing.rotation).toEqual([
      { email: 'ana@advisorgrowth.test', away: true },
      { email: 'ben@advisorgrowth.test', away: false },
    ])
    expect(routing).toMatchObject({ claimWindowMinutes: 10, escalationEmails: [], businessHours: NEW_YORK })
    expect(leadRoutingSchema.parse(document)).toMatchObject({ rotation: [], escalationEmails: [] })
  })

  it('names the field of hours it cannot use', () => {
    const closesFirst = leadRoutingSchema.safeParse({ ...document, businessHours: { ...NEW_YORK, closes: '08:00' } })
    expect(closesFirst.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['businessHours.closes', 'closes after it opens'],
    ])
    const noDays = leadRoutingSchema.safeParse({ ...document, businessHours: { ...NEW_YORK, days: [] } })
    expect(noDays.error?.issues[0]?.path.join('.')).toBe('businessHours.days')
  })
})
