/**
 * The lead server's log: one JSON line per event, with ids, forms, statuses and reasons, never a field
 * a visitor typed (no name, e-mail, phone or message), no query parameter, no row and no client address.
 * Errors reach it only through `errorFields`, which keeps an error's class and database code and drops its
 * message: a driver's message can quote a query's parameters or a row (`invalid input syntax for type uuid:
 * "<what was sent>"`), and a stack holds nothing an operator needs that the event does not say.
 */
export interface LeadLog {
  info: (event: string, fields?: LogFields) => void
  warn: (event: string, fields?: LogFields) => void
  error: (event: string, fields?: LogFields) => void
}

type LogFields = Record<string, string | number | boolean | null | undefined>

/** What of an error may be logged: its class (`error`) and, from a database, its SQLSTATE code (`code`). */
export function errorFields(error: unknown): { error: string; code?: string } {
  if (!(error instanceof Error)) return { error: typeof error }
  const code = (error as { code?: unknown }).code
  const name = error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name
  return typeof code === 'string' && /^[0-9A-Z_]{2,32}$/.test(code) ? { error: name, code } : { error: name }
}

/** The one way a failure is logged: the event, the fields the caller chose, and the error's class and code. */
export function logFailure(log: LeadLog, event: string, error: unknown, fields: LogFields = {}): void {
  log.error(event, { ...fields, ...errorFields(error) })
}

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

/** A setting the server cannot start with: its message names the variable and never holds a visitor's data. */
export class ConfigurationError extends Error {}
