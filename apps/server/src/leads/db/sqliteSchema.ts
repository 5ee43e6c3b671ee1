import type { SqliteConnection } from './sqliteFile.ts'

/**
 * The embedded store's schema: the tables of `tables.ts`, as the PostgreSQL migrations (migrations.ts) make
 * them. Times are ISO 8601 text in UTC (sortable), JSON is text, booleans 0/1 (sqliteDialect.ts converts).
 * One step per change, applied in order: `PRAGMA user_version` is how many ran. A new step goes at the end;
 * a PostgreSQL migration that changes a rule (a constraint, an index) gets its SQLite step here too.
 */
const STEPS: string[] = [
  `create table leads (
    id text primary key,
    form text not null,
    idempotency_key text not null,
    payload text not null,
    received_at text not null,
    quarantine_reason text,
    attribution text,
    search_text text,
    constraint leads_form_idempotency_key unique (form, idempotency_key)
  );
  create index leads_received_at on leads (received_at);
  create index leads_form_received_at on leads (form, received_at);

  create table deliveries (
    id text primary key,
    lead_id text not null references leads (id) on delete cascade,
    destination text not null,
    state text not null,
    attempts integer not null default 0,
    next_attempt_at text not null,
    lease_until text,
    lease_token text,
    lease_holder text,
    window_started_at text not null,
    delivered_at text,
    last_status integer,
    last_error text
  );
  create index deliveries_due on deliveries (state, next_attempt_at) where state = 'pending';
  create index deliveries_lead on deliveries (lead_id);

  create table delivery_attempts (
    delivery_id text not null references deliveries (id) on delete cascade,
    attempt integer not null,
    started_at text not null,
    finished_at text,
    status integer,
    error text,
    next_attempt_at text,
    constraint delivery_attempts_pk primary key (delivery_id, attempt)
  );

  create table lead_consents (
    id text primary key,
    lead_id text not null references leads (id) on delete cascade,
    kind text not null,
    text text not null,
    field text not null,
    document_id text not null,
    document_rev text not null,
    checked integer,
    recorded_at text not null,
    page_url text,
    ip_address text,
    user_agent text
  );
  create index lead_consents_lead on lead_consents (lead_id);
  create trigger lead_consents_no_update before update on lead_consents
    begin select raise(abort, 'lead_consents is append-only: a consent record is never changed'); end;`,
  // 0004_spam_protection
  `alter table leads add column email text;
  alter table leads add column repeat_of text references leads (id) on delete set null;
  alter table leads add column released_at text;
  alter table leads add column marked_spam_at text;
  create index leads_form_email on leads (form, email, received_at);
  create index leads_repeat_of on leads (repeat_of);

  create table lead_reasons (
    lead_id text not null references leads (id) on delete cascade,
    reason text not null,
    held integer not null,
    constraint lead_reasons_pk primary key (lead_id, reason)
  );

  create table used_proofs (
    signature text primary key,
    form text not null,
    idempotency_key text not null,
    expires_at text not null
  );
  create index used_proofs_expires_at on used_proofs (expires_at);`,
  // Notifications (PostgreSQL 0005_notifications): destinations say what they are (`webhook:contact`, `email:team`).
  `alter table deliveries add column message text;
  alter table deliveries add column dedupe_key text;
  create unique index deliveries_dedupe_key on deliveries (dedupe_key);
  alter table leads add column routing_rev text;
  alter table leads add column notify text;
  update deliveries set destination = 'webhook:' || destination where instr(destination, ':') = 0;`,
  // Follow-through (PostgreSQL 0007_follow_through): owner, status, and the append-only history.
  `alter table leads add column owner text;
  alter table leads add column taken_at text;
  alter table leads add column status text not null default 'new';
  alter table leads add column status_changed_at text;
  alter table leads add column won_value real;
  alter table leads add column lost_reason text;
  alter table leads add column offer_to text;
  alter table leads add column offer_until text;
  alter table leads add column offer_count integer not null default 0;
  alter table leads add column escalate_at text;
  alter table leads add column escalated_at text;
  create index leads_offer_until on leads (offer_until);
  create index leads_escalate_at on leads (escalate_at);
  create table lead_rotation (name text primary key, position integer not null);
  create table lead_events (
    id text primary key,
    lead_id text not null references leads (id) on delete cascade,
    recorded_at text not null,
    kind text not null,
    actor text not null,
    via text not null,
    status text,
    value real,
    reason text
  );
  create index lead_events_lead on lead_events (lead_id, recorded_at);
  create trigger lead_events_no_update before update on lead_events
    begin select raise(abort, 'lead_events is append-only: a history entry is never changed'); end;`,
  // Why the figures do not count the visit a lead came from (PostgreSQL 0009_uncounted_visit).
  'alter table leads add column uncounted_visit text;',
  // Another message from a person who wrote before (PostgreSQL 0010_first_lead).
  `alter table leads add column first_lead text references leads (id) on delete set null;
  create index leads_email on leads (email, received_at);`,
  // A delivery without a lead: a notice to the team, such as a release that failed (PostgreSQL 0011_team_notices).
  // SQLite cannot drop a NOT NULL, so the table is made again (https://www.sqlite.org/lang_altertable.html#otheralter).
  `create table deliveries_new (
    id text primary key,
    lead_id text references leads (id) on delete cascade,
    destination text not null,
    state text not null,
    attempts integer not null default 0,
    next_attempt_at text not null,
    lease_until text,
    lease_token text,
    lease_holder text,
    window_started_at text not null,
    delivered_at text,
    last_status integer,
    last_error text,
    message text,
    dedupe_key text
  );
  insert into deliveries_new (id, lead_id, destination, state, attempts, next_attempt_at, lease_until, lease_token,
    lease_holder, window_started_at, delivered_at, last_status, last_error, message, dedupe_key)
    select id, lead_id, destination, state, attempts, next_attempt_at, lease_until, lease_token,
    lease_holder, window_started_at, delivered_at, last_status, last_error, message, dedupe_key from deliveries;
  drop table deliveries;
  alter table deliveries_new rename to deliveries;
  create index deliveries_due on deliveries (state, next_attempt_at) where state = 'pending';
  create index deliveries_lead on deliveries (lead_id);
  create unique index deliveries_dedupe_key on deliveries (dedupe_key);`,
]

/**
 * Brings the schema up to date in one `BEGIN IMMEDIATE` transaction: processes that open the store at once
 * wait for each other (busy_timeout), and the first one migrates.
 */
export function migrateSqlite(sqlite: SqliteConnection, steps = STEPS.length): void {
  // A step that makes a table again drops the old one: with foreign keys on, that drop would delete the rows
  // that refer to it (delivery_attempts). They are off while the steps run and checked before the commit.
  // The pragma is a no-op inside a transaction, hence here.
  sqlite.exec('pragma foreign_keys = OFF')
  sqlite.exec('begin immediate')
  try {
    const done = Number(sqlite.prepare('pragma user_version').get()?.user_version)
    if (done > STEPS.length) {
      throw new Error(`The lead store has ${done} schema steps; this code knows ${STEPS.length}: update the code`)
    }
    for (const step of STEPS.slice(done, steps)) sqlite.exec(step)
    const broken = sqlite.prepare('pragma foreign_key_check').get()
    if (broken) throw new Error(`A schema step broke a reference: ${JSON.stringify(broken)}`)
    sqlite.exec(`pragma user_version = ${Math.max(done, steps)}`)
    sqlite.exec('commit')
  } catch (error) {
    sqlite.exec('rollback')
    throw error
  } finally {
    sqlite.exec('pragma foreign_keys = ON')
  }
}
