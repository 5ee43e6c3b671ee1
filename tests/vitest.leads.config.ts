import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The lead server against real stores, receivers and processes (tests/leads): the embedded store and a
// throw-away PostgreSQL server that the global setup starts. Run by scripts/test-all.sh (`pnpm test:leads`).
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/leads/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/leads/support/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Fault tests start servers and kill them: one file at a time keeps their timing honest on 2 cores.
    fileParallelism: false,
  },
})
