/** Kysely's raw SQL tag, for tools outside this package (the bench) that seed a lead store. */
export { sql } from 'kysely'
