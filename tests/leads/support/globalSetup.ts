import type { TestProject } from 'vitest/node'
import { startPostgres } from './postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

/** One PostgreSQL server for the lead tests; each test makes its own database on it. */
export default async function setup(project: TestProject) {
  const postgres = await startPostgres()
  project.provide('postgresUrl', postgres.url)
  return () => postgres.stop()
}
