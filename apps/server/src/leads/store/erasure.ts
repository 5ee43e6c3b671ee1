import { sql } from 'kysely'
import type { LeadDb } from '../db/database.ts'
import type { JsonObject } from '../db/tables.ts'

/** Erasure: a person's leads with everything they hold, on request (`forget`) or by retention. */

/** What erasing a person removed. */
export interface ErasureReport {
  leads: number
  consents: number
  deliveries: number
  deadLetters: number
  attempts: number
}

/**
 * Erases every lead of this e-mail address (any form, accepted or quarantined, including a quarantined
 * body that merely contains it), with its consents, its outbox delivery (pending or dead-lettered) and its
 * attempts, in one transaction.
 */
export async function forgetPerson(db: LeadDb, email: string): Promise<ErasureReport> {
  const address = email.trim().toLowerCase()
  if (!address) throw new Error('An e-mail address is required')
  // The address is found in each payload's stored JSON text, never through `payload->>'…'`: PostgreSQL
  // reads a whole row's JSON to extract one key, so one lead holding `\u0000` anywhere would fail every
  // erasure. The text match only narrows the rows; which of them are this person's is decided here.
  const inJson = JSON.stringify(address).slice(1, -1)
  const pattern = `%${inJson.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom('leads')
      .select(['id', 'payload'])
      // `cast … as text` reads the stored JSON text on both engines; the escape character is named for SQLite.
      .where(sql<boolean>`lower(cast(payload as text)) like ${pattern} escape '\\'`)
      .execute()
    const ids = candidates.filter((lead) => belongsTo(lead.payload, address)).map((lead) => lead.id)
    return eraseLeads(trx, ids)
  })
}

/** A lead of this address: its e-mail, or a quarantined raw body that contains the address anywhere. */
function belongsTo(payload: JsonObject, address: string): boolean {
  if (typeof payload.email === 'string' && payload.email.trim().toLowerCase() === address) return true
  return typeof payload.body === 'string' && payload.body.toLowerCase().includes(address)
}

export async function eraseLeads(db: LeadDb, ids: string[]): Promise<ErasureReport> {
  const report: ErasureReport = { leads: 0, consents: 0, deliveries: 0, deadLetters: 0, attempts: 0 }
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000)
    // Locked in the order every other writer takes them (a replay: lead, then delivery; the outbox: delivery,
    // then attempt), so an erasure that meets a send in flight waits for it instead of deadlocking with it.
    await db.selectFrom('leads').select('id').where('id', 'in', chunk).forUpdate().execute()
    const deliveries = await db
      .selectFrom('deliveries')
      .select(['id', 'state'])
      .where('lead_id', 'in', chunk)
      .forUpdate()
      .execute()
    if (deliveries.length > 0) {
      const attempts = await db
        .deleteFrom('delivery_attempts')
        .where(
          'delivery_id',
          'in',
          deliveries.map((d) => d.id),
        )
        .executeTakeFirst()
      report.attempts += Number(attempts.numDeletedRows)
      await db.deleteFrom('deliveries').where('lead_id', 'in', chunk).execute()
    }
    report.deliveries += deliveries.length
    report.deadLetters += deliveries.filter((d) => d.state === 'dead' || d.state === 'misconfigured').length
    const consents = await db.deleteFrom('lead_consents').where('lead_id', 'in', chunk).executeTakeFirst()
    report.consents += Number(consents.numDeletedRows)
    const leads = await db.deleteFrom('leads').where('id', 'in', chunk).executeTakeFirst()
    report.leads += Number(leads.numDeletedRows)
  }
  return report
}
