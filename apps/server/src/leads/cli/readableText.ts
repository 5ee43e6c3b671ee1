/**
 * Text for a person's terminal. Times in the machine's time zone ("2026-11-23 14:05"), with how long ago in
 * the detail; what a visitor typed with its control characters shown as escapes, so a lead's name cannot
 * move the cursor, clear the screen or retitle the terminal.
 */

const pad = (value: number) => String(value).padStart(2, '0')

export function readableTime(iso: string | null | undefined, options: { seconds?: boolean } = {}): string {
  if (!iso) return '—'
  const time = new Date(iso)
  if (Number.isNaN(time.getTime())) return printable(iso)
  const date = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`
  const clock = `${pad(time.getHours())}:${pad(time.getMinutes())}${options.seconds ? `:${pad(time.getSeconds())}` : ''}`
  return `${date} ${clock}`
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
]

/** "2026-11-23 14:05:12 (3 minutes ago)", or "(in 30 seconds)" for a time still to come. */
export function readableTimeWithAge(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—'
  const time = new Date(iso).getTime()
  if (Number.isNaN(time)) return printable(iso)
  const elapsed = time - now
  const [unit, size] = UNITS.find(([, size]) => Math.abs(elapsed) >= size) ?? ['second', 1000]
  return `${readableTime(iso, { seconds: true })} (${relative.format(Math.round(elapsed / size), unit)})`
}

// C0 controls but tab and newline, DEL, the C1 controls, and the bidirectional overrides.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** A visitor's text, its control characters written as `\u001b`; newlines and tabs kept. */
export function printable(text: string): string {
  return text.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** On one line, at most `max` characters: for a table's cell. */
export function oneLine(text: string, max: number): string {
  const flat = printable(text).replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}
