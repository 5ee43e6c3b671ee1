import type { PGlite } from '@electric-sql/pglite'
import { PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely'

/**
 * Kysely on PGlite through Kysely's own PostgreSQL dialect: PGlite posing as a pool of one connection.
 * PGlite is one session, so a second caller waits for the first to release it; otherwise two Kysely
 * transactions would interleave their statements in one session.
 */
export function pgliteDialect(pglite: PGlite): PostgresDialect {
  let queue: Promise<void> = Promise.resolve()
  const pool: PostgresPool = {
    connect() {
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      const acquired = queue.then(() => client(pglite, release))
      queue = queue.then(() => released)
      return acquired
    },
    end: () => pglite.close(),
  }
  return new PostgresDialect({ pool })
}

function client(pglite: PGlite, release: () => void): PostgresPoolClient {
  return {
    query: (async (sql: string, parameters: readonly unknown[]) => {
      const result = await pglite.query<Record<string, unknown>>(sql, [...parameters])
      return {
        command: commandOf(sql),
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      } satisfies PostgresQueryResult<Record<string, unknown>>
    }) as PostgresPoolClient['query'],
    release,
  }
}

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const verb = sql.trimStart().split(/\s/, 1)[0]?.toUpperCase()
  return verb === 'INSERT' || verb === 'UPDATE' || verb === 'DELETE' || verb === 'MERGE' ? verb : 'SELECT'
}
