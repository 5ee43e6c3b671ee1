import type { LeadDb } from '../db/database.ts'
import type { LeadFormName } from '../db/tables.ts'

/**
 * Marks a proof of work used by this submission. `fresh`: first use; `resent`: used before by this same
 * submission (its form and idempotency key: a resend after a lost answer); `replayed`: used by another one.
 */
export async function spendProof(
  db: LeadDb,
  proof: { signature: string; expiresAt: Date },
  submission: { form: LeadFormName; idempotencyKey: string },
): Promise<'fresh' | 'resent' | 'replayed'> {
  const inserted = await db
    .insertInto('used_proofs')
    .values({
      signature: proof.signature,
      form: submission.form,
      idempotency_key: submission.idempotencyKey,
      expires_at: proof.expiresAt,
    })
    .onConflict((conflict) => conflict.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst()
  if (inserted) return 'fresh'
  const first = await db
    .selectFrom('used_proofs')
    .select(['form', 'idempotency_key'])
    .where('signature', '=', proof.signature)
    .executeTakeFirst()
  return first?.form === submission.form && first.idempotency_key === submission.idempotencyKey ? 'resent' : 'replayed'
}

/** Forgets the proofs whose challenges have expired: they are refused as expired from then on. */
export async function pruneUsedProofs(db: LeadDb, now: Date): Promise<number> {
  const result = await db.deleteFrom('used_proofs').where('expires_at', '<', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
