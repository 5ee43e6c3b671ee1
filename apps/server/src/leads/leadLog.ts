/**
 * The lead server's log: one JSON line per event, with ids, forms, statuses and reasons, never a field
 * a visitor typed (no name, e-mail, phone or message) and no client address.
 */
export interface LeadLog {
  info: (event: string, fields?: LogFields) => void
  warn: (event: string, fields?: LogFields) => void
  error: (event: string, fields?: LogFields) => void
}

type LogFields = Record<string, string | number | boolean | null | undefined>

export function jsonLineLog(write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): LeadLog {
  const entry =
    (level: string) =>
    (event: string, fields: LogFields = {}) =>
      write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }))
  return { info: entry('info'), warn: entry('warn'), error: entry('error') }
}

/** For tests and quiet tools: keeps the entries. */
export function memoryLog(): LeadLog & { entries: Array<Record<string, unknown>> } {
  const entries: Array<Record<string, unknown>> = []
  const entry =
    (level: string) =>
    (event: string, fields: LogFields = {}) => {
      entries.push({ level, event, ...fields })
    }
  return { entries, info: entry('info'), warn: entry('warn'), error: entry('error') }
}
