import { TZDate } from '@date-fns/tz'
import type { BusinessHours } from '@site/leads/routing'

/**
 * The follow-through clocks count open time only (docs/lead-follow-through.md): a claim window or an
 * escalation started outside business hours starts when the team is next in, and one that reaches closing
 * time goes on the next open day. The wall-clock arithmetic, daylight saving included, is @date-fns/tz's.
 */

const DAY_INDEX = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const

function atTime(day: TZDate, time: string): TZDate {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  const at = new TZDate(day.getTime(), day.timeZone as string)
  at.setHours(hours, minutes, 0, 0)
  return at
}

function nextMidnight(day: TZDate): TZDate {
  const next = new TZDate(day.getTime(), day.timeZone as string)
  next.setDate(next.getDate() + 1)
  next.setHours(0, 0, 0, 0)
  return next
}

/** The moment `ms` of open time after `start`; without business hours, simply `start + ms`. */
export function addOpenTime(start: Date, ms: number, hours: BusinessHours | null | undefined): Date {
  if (!hours) return new Date(start.getTime() + ms)
  let day = new TZDate(start.getTime(), hours.timeZone)
  let from = start.getTime()
  let left = ms
  // At most a year of days: the schema requires at least one open day a week.
  for (let checked = 0; checked < 370; checked += 1) {
    if (hours.days.includes(DAY_INDEX[day.getDay()] as (typeof hours.days)[number])) {
      const opens = atTime(day, hours.opens).getTime()
      const closes = atTime(day, hours.closes).getTime()
      const begin = Math.max(from, opens)
      if (begin < closes) {
        if (begin + left <= closes) return new Date(begin + left)
        left -= closes - begin
      }
    }
    day = nextMidnight(day)
    from = day.getTime()
  }
  return new Date(start.getTime() + ms)
}

/** Whether the team is in at `now`. */
export function isOpen(now: Date, hours: BusinessHours | null | undefined): boolean {
  return addOpenTime(now, 0, hours).getTime() === now.getTime()
}

const DURATIONS: Array<[number, string]> = [
  [60, 'within the hour'],
  [30, 'within half an hour'],
]

function withinText(minutes: number): string {
  const named = DURATIONS.find(([value]) => value === minutes)
  if (named) return named[1]
  if (minutes < 1) return `within ${Math.round(minutes * 60)} seconds`
  if (minutes % 60 === 0) return `within ${minutes / 60} hours`
  return `within ${Math.round(minutes)} minutes`
}

/**
 * What a visitor's confirmation promises for `{callTime}`: the escalation deadline, in words. While the team is
 * in and the deadline falls the same day, "within the hour"; otherwise the moment itself in the team's time
 * zone ("by 10:00 AM EST on Monday", "by 9:30 AM EDT tomorrow").
 */
export function expectedCallText(now: Date, escalateAfterMs: number, hours: BusinessHours | null | undefined): string {
  const minutes = escalateAfterMs / 60_000
  if (!hours) return withinText(minutes)
  const due = addOpenTime(now, escalateAfterMs, hours)
  const dateOf = (moment: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: hours.timeZone, dateStyle: 'short' }).format(moment)
  if (isOpen(now, hours) && dateOf(due) === dateOf(now)) return withinText(minutes)
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: hours.timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(due)
  const tomorrow = dateOf(new Date(atTime(nextMidnight(new TZDate(now.getTime(), hours.timeZone)), '12:00')))
  if (dateOf(due) === dateOf(now)) return `by ${time} today`
  if (dateOf(due) === tomorrow) return `by ${time} tomorrow`
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: hours.timeZone, weekday: 'long' }).format(due)
  return `by ${time} on ${weekday}`
}
