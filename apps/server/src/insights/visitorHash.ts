import { createHash, randomBytes } from 'node:crypto'
import type { InsightsDb } from './tables.ts'

/**
 * Unique visitors as Plausible counts them, with no cookie and no stored address: a hash of the day's
 * random salt, the site, the client's address and its user agent. The salt is made on the day's first
 * event, kept in memory and in `insight_salts` (so processes sharing one PostgreSQL agree), and deleted
 * once the day is over: then no one, the operator included, can tell whose hash a row carries, or link a
 * visitor's days. Neither the address nor the user agent is stored anywhere.
 */
export function visitorHasher(db: InsightsDb) {
  const salts = new Map<string, Promise<string>>()

  const saltOf = (day: string): Promise<string> => {
    const known = salts.get(day)
    if (known) return known
    const salt = loadOrCreateSalt(db, day)
    salts.set(day, salt)
    salt.catch(() => salts.delete(day))
    return salt
  }

  return {
    async hash(day: string, site: string, address: string, userAgent: string): Promise<string> {
      const salt = await saltOf(day)
      return createHash('sha256').update(`${salt}\n${site}\n${address}\n${userAgent}`).digest('hex').slice(0, 32)
    },
    /** Deletes every salt of a day before `today`, from memory and from the store. */
    async forgetBefore(today: string): Promise<number> {
      for (const day of salts.keys()) if (day < today) salts.delete(day)
      const result = await db.deleteFrom('insight_salts').where('day', '<', today).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

async function loadOrCreateSalt(db: InsightsDb, day: string): Promise<string> {
  await db
    .insertInto('insight_salts')
    .values({ day, salt: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute()
  const row = await db.selectFrom('insight_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow()
  return row.salt
}
