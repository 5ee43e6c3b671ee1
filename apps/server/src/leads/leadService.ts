import { Hono } from 'hono'
import { adminApi } from './adminApi.ts'
import { type LeadDatabase, openLeadDatabase } from './db/database.ts'
import { type Outbox, startOutbox } from './delivery/outbox.ts'
import type { LeadConfig } from './leadConfig.ts'
import { leadEndpoint } from './leadEndpoint.ts'
import type { LeadLog } from './leadLog.ts'
import { releaseAllLeases } from './leadStore.ts'

export interface LeadService {
  /** `/api/leads/<form>` and `/api/admin/*`. */
  app: Hono
  store: LeadDatabase
  outbox: Outbox
  close: () => Promise<void>
}

/** Opens the lead store, starts delivering its outbox, and answers the lead and admin routes. */
export async function startLeadService(config: LeadConfig, log: LeadLog): Promise<LeadService> {
  const store = await openLeadDatabase(config)
  if (store.kind === 'embedded') {
    const released = await releaseAllLeases(store.db)
    if (released > 0) log.warn('leases-released', { deliveries: released, reason: 'the last process ended mid-send' })
  }
  const outbox = startOutbox({
    db: store.db,
    webhooks: config.webhooks,
    secret: config.webhookSecret,
    policy: config.retry,
    maxConcurrentPerWebhook: config.maxConcurrentPerWebhook,
    pollMs: config.pollMs,
    sendTimeoutMs: config.sendTimeoutMs,
    log,
  })
  const app = new Hono()
  app.route('/', leadEndpoint({ db: store.db, config, log, onStored: outbox.wake }))
  app.route('/', adminApi({ store, config, wakeOutbox: outbox.wake }))
  log.info('lead-store-open', { store: store.kind, location: store.location })
  return {
    app,
    store,
    outbox,
    close: async () => {
      await outbox.stop()
      await store.close()
    },
  }
}
