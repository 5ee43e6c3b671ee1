import { spawnSync } from 'node:child_process'
import { hostname } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { type LeadDatabase, openLeadDatabase } from '../../apps/server/src/leads/db/database'
import {
  claimDueDeliveries,
  LEASE_HOLDER,
  releaseLeasesOfEndedProcesses,
} from '../../apps/server/src/leads/store/deliveryQueue'
import { storeLead } from '../../apps/server/src/leads/store/intake'
import { newStore, STORES } from './support/stores'

// Several processes share the embedded store: one that starts frees the leases of processes that ended
// mid-send (due again at once), never a live process's (it would send the same attempt twice).

const opened: LeadDatabase[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

describe.each(STORES)('leases on the %s store', (kind) => {
  it("frees an ended process's leases and keeps a live one's", async () => {
    const { env } = await newStore(kind)
    const store = await openLeadDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.LEADS_DATA_DIR ?? '' })
    opened.push(store)
    const now = new Date('2026-11-26T10:00:00.000Z')
    for (const key of ['live', 'ended']) {
      await storeLead(store.db, {
        form: 'contact',
        idempotencyKey: key,
        payload: { email: `${key}@example.com` },
        deliver: true,
        now,
      })
    }
    const claimed = await claimDueDeliveries(store.db, {
      destination: 'webhook:contact',
      limit: 10,
      now,
      leaseMs: 60_000,
    })
    expect(claimed).toHaveLength(2)
    const ended = claimed.find((claim) => claim.payload.email === 'ended@example.com')
    const endedPid = spawnSync(process.execPath, ['-e', '0']).pid // a process that has exited
    await store.db
      .updateTable('deliveries')
      .set({ lease_holder: `${hostname()}:${endedPid}` })
      .where('id', '=', ended?.id ?? '')
      .execute()

    expect(await releaseLeasesOfEndedProcesses(store.db)).toBe(1)
    const leases = await store.db
      .selectFrom('deliveries')
      .innerJoin('leads', 'leads.id', 'deliveries.lead_id')
      .select(['leads.idempotency_key', 'deliveries.lease_holder', 'deliveries.lease_until'])
      .orderBy('leads.idempotency_key')
      .execute()
    expect(leases).toEqual([
      { idempotency_key: 'ended', lease_holder: null, lease_until: null },
      { idempotency_key: 'live', lease_holder: LEASE_HOLDER, lease_until: new Date('2026-11-26T10:01:00.000Z') },
    ])
    // The freed delivery is claimed again at once; the live one is not.
    const again = await claimDueDeliveries(store.db, {
      destination: 'webhook:contact',
      limit: 10,
      now,
      leaseMs: 60_000,
    })
    expect(again.map((claim) => [claim.payload.email, claim.attempt])).toEqual([['ended@example.com', 2]])
  })
})
