import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely'

/**
 * The PostgreSQL store's schema, one migration per change, run on open. The embedded store (SQLite) has
 * the same tables from sqliteSchema.ts; until the move to SQLite these also made the embedded PGlite store,
 * which pgliteImport.ts reads (0001 and 0002).
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_leads_and_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leads')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('form', 'text', (column) => column.notNull())
        .addColumn('idempotency_key', 'text', (column) => column.notNull())
        .addColumn('payload', 'json', (column) => column.notNull())
        .addColumn('received_at', 'timestamptz', (column) => column.notNull())
        .addColumn('quarantine_reason', 'text')
        .addUniqueConstraint('leads_form_idempotency_key', ['form', 'idempotency_key'])
        .execute()
      await db.schema.createIndex('leads_received_at').on('leads').column('received_at').execute()

      await db.schema
        .createTable('deliveries')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('lead_id', 'uuid', (column) => column.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('destination', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull())
        .addColumn('lease_until', 'timestamptz')
        .addColumn('lease_token', 'uuid')
        .addColumn('window_started_at', 'timestamptz', (column) => column.notNull())
        .addColumn('delivered_at', 'timestamptz')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .execute()
      await db.schema
        .createIndex('deliveries_due')
        .on('deliveries')
        .columns(['state', 'next_attempt_at'])
        .where(sql.ref('state'), '=', 'pending')
        .execute()
      await db.schema.createIndex('deliveries_lead').on('deliveries').column('lead_id').execute()

      await db.schema
        .createTable('delivery_attempts')
        .addColumn('delivery_id', 'uuid', (column) => column.notNull().references('deliveries.id').onDelete('cascade'))
        .addColumn('attempt', 'integer', (column) => column.notNull())
        .addColumn('started_at', 'timestamptz', (column) => column.notNull())
        .addColumn('finished_at', 'timestamptz')
        .addColumn('status', 'integer')
        .addColumn('error', 'text')
        .addColumn('next_attempt_at', 'timestamptz')
        .addPrimaryKeyConstraint('delivery_attempts_pk', ['delivery_id', 'attempt'])
        .execute()
    },
  },
  /**
   * Where each lead came from (its visit's attribution, as the browser saw it) and the consent it gave: one
   * append-only row per consent, with the copy exactly as shown. `search_text`: the lead's name, e-mail and
   * company in lower case, which the Studio's Leads tool searches.
   */
  '0002_attribution_consent_search': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('leads').addColumn('attribution', 'json').execute()
      await db.schema.alterTable('leads').addColumn('search_text', 'text').execute()
      await sql`update leads set search_text = lower(concat_ws(' ',
        payload->>'name', payload->>'fullName', payload->>'firstName', payload->>'lastName',
        payload->>'email', payload->>'company'))`.execute(db)
      await db.schema.createIndex('leads_form_received_at').on('leads').columns(['form', 'received_at']).execute()
      await db.schema
        .createTable('lead_consents')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('lead_id', 'uuid', (column) => column.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('text', 'text', (column) => column.notNull())
        .addColumn('field', 'text', (column) => column.notNull())
        .addColumn('document_id', 'text', (column) => column.notNull())
        .addColumn('document_rev', 'text', (column) => column.notNull())
        .addColumn('checked', 'boolean')
        .addColumn('recorded_at', 'timestamptz', (column) => column.notNull())
        .addColumn('page_url', 'text')
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .execute()
      await db.schema.createIndex('lead_consents_lead').on('lead_consents').column('lead_id').execute()
      // Append-only: what a lead agreed to is never rewritten (erasing a person or an expired lead deletes).
      await sql`create function lead_consents_append_only() returns trigger language plpgsql as $$
        begin raise exception 'lead_consents is append-only: a consent record is never changed'; end $$`.execute(db)
      await sql`create trigger lead_consents_no_update before update on lead_consents
        for each row execute function lead_consents_append_only()`.execute(db)
    },
  },
  /** Which process holds a delivery's lease: on the embedded store, a process frees the leases of ended ones. */
  '0003_lease_holder': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('deliveries').addColumn('lease_holder', 'text').execute()
    },
  },
  /**
   * Spam protection: each lead's reasons (counted per reason per day), its e-mail and the lead it repeats,
   * the team's release and spam judgement; the proofs of work already used, kept until they expire.
   */
  '0004_spam_protection': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('leads')
        .addColumn('email', 'text')
        .addColumn('repeat_of', 'uuid', (column) => column.references('leads.id').onDelete('set null'))
        .addColumn('released_at', 'timestamptz')
        .addColumn('marked_spam_at', 'timestamptz')
        .execute()
      await db.schema.createIndex('leads_form_email').on('leads').columns(['form', 'email', 'received_at']).execute()
      await db.schema.createIndex('leads_repeat_of').on('leads').column('repeat_of').execute()
      await db.schema
        .createTable('lead_reasons')
        .addColumn('lead_id', 'uuid', (column) => column.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('reason', 'text', (column) => column.notNull())
        .addColumn('held', 'boolean', (column) => column.notNull())
        .addPrimaryKeyConstraint('lead_reasons_pk', ['lead_id', 'reason'])
        .execute()
      await db.schema
        .createTable('used_proofs')
        .addColumn('signature', 'text', (column) => column.primaryKey())
        .addColumn('form', 'text', (column) => column.notNull())
        .addColumn('idempotency_key', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
        .execute()
      await db.schema.createIndex('used_proofs_expires_at').on('used_proofs').column('expires_at').execute()
    },
  },
  /**
   * Notifications are deliveries too: a destination says what it is (`webhook:contact`, `email:team`,
   * `chat:sales`), `message` keeps the e-mail or chat message as rendered (sent or not), `dedupe_key` makes
   * one visitor confirmation per address, form and day and one digest per recipient and day. A lead keeps
   * the routing document's revision it was routed by, and where it went (`notify`).
   */
  '0005_notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('deliveries').addColumn('message', 'json').execute()
      await db.schema.alterTable('deliveries').addColumn('dedupe_key', 'text').execute()
      await db.schema.createIndex('deliveries_dedupe_key').on('deliveries').column('dedupe_key').unique().execute()
      await db.schema.alterTable('leads').addColumn('routing_rev', 'text').execute()
      await db.schema.alterTable('leads').addColumn('notify', 'json').execute()
      await sql`update deliveries set destination = 'webhook:' || destination where position(':' in destination) = 0`.execute(
        db,
      )
    },
  },
  /**
   * Follow-through (followThrough/): a lead's owner and status, and its append-only history of who took it,
   * handed it back or set its status, when and through what.
   */
  '0007_follow_through': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('leads')
        .addColumn('owner', 'text')
        .addColumn('taken_at', 'timestamptz')
        .addColumn('status', 'text', (column) => column.notNull().defaultTo('new'))
        .addColumn('status_changed_at', 'timestamptz')
        .addColumn('won_value', 'double precision')
        .addColumn('lost_reason', 'text')
        .addColumn('offer_to', 'text')
        .addColumn('offer_until', 'timestamptz')
        .addColumn('offer_count', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('escalate_at', 'timestamptz')
        .addColumn('escalated_at', 'timestamptz')
        .execute()
      await db.schema.createIndex('leads_offer_until').on('leads').column('offer_until').execute()
      await db.schema.createIndex('leads_escalate_at').on('leads').column('escalate_at').execute()
      await db.schema
        .createTable('lead_rotation')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('position', 'integer', (column) => column.notNull())
        .execute()
      await db.schema
        .createTable('lead_events')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('lead_id', 'uuid', (column) => column.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('recorded_at', 'timestamptz', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('via', 'text', (column) => column.notNull())
        .addColumn('status', 'text')
        .addColumn('value', 'double precision')
        .addColumn('reason', 'text')
        .execute()
      await db.schema.createIndex('lead_events_lead').on('lead_events').columns(['lead_id', 'recorded_at']).execute()
      await sql`create function lead_events_append_only() returns trigger language plpgsql as $$
        begin raise exception 'lead_events is append-only: a history entry is never changed'; end $$`.execute(db)
      await sql`create trigger lead_events_no_update before update on lead_events
        for each row execute function lead_events_append_only()`.execute(db)
    },
  },
  /** Why the figures do not count the visit a lead came from (a bot or headless browser, Global Privacy Control). */
  '0009_uncounted_visit': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('leads').addColumn('uncounted_visit', 'text').execute()
    },
  },
  /** Another message from a person who wrote before: the first lead from the same e-mail, on any form. */
  '0010_first_lead': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('leads')
        .addColumn('first_lead', 'uuid', (column) => column.references('leads.id').onDelete('set null'))
        .execute()
      await db.schema.createIndex('leads_email').on('leads').columns(['email', 'received_at']).execute()
    },
  },
  /** A delivery without a lead: a notice to the team, such as a release that failed to publish at its time. */
  '0011_team_notices': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('deliveries')
        .alterColumn('lead_id', (column) => column.dropNotNull())
        .execute()
    },
  },
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS }

/** Migrates to the latest schema, or up to and including `target` (the PGlite import reads a store at 0002). */
export async function migrateToLatest(db: Kysely<unknown>, target?: string): Promise<void> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(`The lead store's migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}
