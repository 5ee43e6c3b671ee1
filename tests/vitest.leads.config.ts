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
    // A poll waits for a state (a delivery made, a process ready), not for a time: vitest's 1 s default
    // failed a wait for three deliveries when the machine was loaded (CI, Node 24). The test's timeout bounds it.
    expect: { poll: { timeout: 30_000 } },
    // Fault tests start servers and kill them: one file at a time keeps their timing honest on 2 cores.
    fileParallelism: false,
  },
})
