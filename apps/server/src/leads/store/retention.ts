import type { LeadDb } from '../db/database.ts'
import type { LeadFormName } from '../db/tables.ts'
import { type ErasureReport, eraseLeads } from './erasure.ts'

/** Erases the leads of `form` received before `cutoff` (its retention period), with all they hold. */
export async function eraseExpiredLeads(db: LeadDb, form: LeadFormName, cutoff: Date): Promise<ErasureReport> {
  return db.transaction().execute(async (trx) => {
    const leads = await trx
      .selectFrom('leads')
      .select('id')
      .where('form', '=', form)
      .where('received_at', '<', cutoff)
      .execute()
    return eraseLeads(
      trx,
      leads.map((lead) => lead.id),
    )
  })
}
