import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely'
import { EVENT_COLUMNS, ROLLUP_KEY } from './tables.ts'

/**
 * The insights tables, in their own migration list (table `insight_migrations`), so that they run on
 * whichever engine holds the leads — PostgreSQL or SQLite — with the schema builder's portable types only.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-insights': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('insight_events')
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('path', 'text')
        .addColumn('referrer_host', 'text')
        .addColumn('utm_source', 'text')
        .addColumn('utm_medium', 'text')
        .addColumn('utm_campaign', 'text')
        .addColumn('utm_term', 'text')
        .addColumn('utm_content', 'text')
        .addColumn('click_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('device', 'text')
        .addColumn('entry', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('form', 'text')
        .addColumn('step', 'text')
        .addColumn('field', 'text')
        .addColumn('branch', 'text')
        .addColumn('metric', 'text')
        .addColumn('value', 'double precision')
        .execute()
      await db.schema.createIndex('insight_events_day').on('insight_events').column('day').execute()
      await db.schema
        .createTable('insight_salts')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('salt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('insight_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('medium', 'text', (c) => c.notNull())
        .addColumn('campaign', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('form', 'text', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('branch', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('bucket', 'double precision', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('insight_daily_day').on('insight_daily').columns(['day', 'kind']).execute()
      await db.schema
        .createTable('insight_rolled_days')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('rolled_at', 'text', (c) => c.notNull())
        .execute()
    },
  },
  // Today's figures from rollups too: new events wait in `insight_recent` until the upkeep moves them to
  // `insight_events` and adds their counts to `insight_daily` by key; a day's visitor hashes are kept as a set
  // so that distinct visitors add up across the parts of a day.
  '0002-partial-rollup': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('insight_recent')
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('path', 'text')
        .addColumn('referrer_host', 'text')
        .addColumn('utm_source', 'text')
        .addColumn('utm_medium', 'text')
        .addColumn('utm_campaign', 'text')
        .addColumn('utm_term', 'text')
        .addColumn('utm_content', 'text')
        .addColumn('click_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('device', 'text')
        .addColumn('entry', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('form', 'text')
        .addColumn('step', 'text')
        .addColumn('field', 'text')
        .addColumn('branch', 'text')
        .addColumn('metric', 'text')
        .addColumn('value', 'double precision')
        .execute()
      await db.schema.createIndex('insight_recent_day').on('insight_recent').column('day').execute()
      const columns = sql.raw(EVENT_COLUMNS.join(', '))
      const notRolled = sql`day not in (select day from insight_rolled_days)`
      await sql`insert into insight_recent (${columns}) select ${columns} from insight_events where ${notRolled}`.execute(
        db,
      )
      await sql`delete from insight_events where ${notRolled}`.execute(db)
      await db.schema.dropIndex('insight_daily_day').execute()
      await db.schema
        .createIndex('insight_daily_key')
        .on('insight_daily')
        .unique()
        .columns([...ROLLUP_KEY])
        .execute()
      await db.schema
        .createTable('insight_day_visitors')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('insight_day_visitors_key', ['day', 'visitor'])
        .execute()
      // The days rolled up before: their visitors, for an event that reaches one late.
      await sql`insert into insight_day_visitors (day, visitor)
        select distinct day, visitor from insight_events where type = 'pageview'`.execute(db)
    },
  },
  // A/B experiments (docs/experiments.md): exposures are counts by day and variant, added to as they arrive;
  // they keep no visitor hash, and are never rolled up or expired with the raw events.
  '0004-experiment-exposures': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('insight_experiment_exposures')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('experiment', 'text', (c) => c.notNull())
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('insight_experiment_exposures_key', ['day', 'experiment', 'variant'])
        .execute()
    },
  },
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS }

/** Brings the insights tables up to date on `db` (PostgreSQL or SQLite); throws on failure. */
export async function migrateInsights(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'insight_migrations',
    migrationLockTableName: 'insight_migrations_lock',
  })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error
}
