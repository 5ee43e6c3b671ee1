import type { JsonObject } from '../db/tables.ts'

/** The longest first name a confirmation repeats: longer ones are cut here. */
export const ECHOED_NAME_MAX = 24
/** What `{name}` becomes when the visitor gave nothing that reads as a first name. */
export const NO_NAME = 'there'
/** A first name: letters, with apostrophes, dots or hyphens inside (Anne-Marie, O'Neil, J.). */
const FIRST_NAME = /^\p{L}[\p{L}\p{M}'’.-]*$/u

/**
 * The only text of the visitor's that a confirmation repeats: the first word of the name they typed, if it
 * reads as a name, cut to ECHOED_NAME_MAX characters; otherwise NO_NAME. A confirmation goes to whatever
 * address was typed, so a stranger's sentence, link or number must never ride along to someone else's inbox.
 */
export function echoedFirstName(payload: JsonObject): string {
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '')
  const given = text('firstName') || text('name') || text('fullName')
  const first = given.trim().split(/\s+/)[0] ?? ''
  const name = [...first].slice(0, ECHOED_NAME_MAX).join('')
  return FIRST_NAME.test(name) ? name : NO_NAME
}
